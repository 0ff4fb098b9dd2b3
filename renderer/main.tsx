import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, ErrorBoundary, reportUncaughtErrors } from './app';
import { startI18n } from './i18n';
import { mainLanguage } from './i18n/main-language';

reportUncaughtErrors();

await startI18n(mainLanguage());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary>
      <App />
    </ErrorBoundary>
  </StrictMode>,
);
