import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from './report-errors';

interface State {
  error: Error | null;
}

/**
 * What the window shows when rendering fails, instead of a blank page: what happened, and
 * two ways on. Try again re-renders the app (most failures are one bad state); Reload starts
 * the page over. Nothing is lost either way: drafts are in localStorage, everything else in main.
 * A class, because React catches render errors only in class components.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    reportError('render', Object.assign(new Error(error.message), { stack: `${error.stack ?? ''}\n${info.componentStack ?? ''}` }));
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <main className="screen">
        <div className="notice error" role="alert">
          <p className="notice-title">Something went wrong on this screen</p>
          <p>{error.message}</p>
          <p>Your conversations, drafts and transcripts are safe. The error has been written to the log (Help ▸ Show Logs).</p>
        </div>
        <div className="actions">
          <button type="button" onClick={() => this.setState({ error: null })}>
            Try again
          </button>
          <button type="button" className="secondary" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      </main>
    );
  }
}
