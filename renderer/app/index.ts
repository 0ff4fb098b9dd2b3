// The app shell, for main.tsx: every feature's screen in one window, and the global styles
// (imported after the screens, as their order in the bundle decides the cascade).
export { App } from './App';
export { ErrorBoundary } from './ErrorBoundary';
export { reportUncaughtErrors } from './report-errors';
import './styles.css';
