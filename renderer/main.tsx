import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { api } from './api';
import { App, ErrorBoundary, reportUncaughtErrors } from './app';
import { startI18n } from './i18n';

reportUncaughtErrors();

await startI18n(api.settings.get().then((settings) => settings.uiLanguage));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary>
      <App />
    </ErrorBoundary>
  </StrictMode>,
);
