import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
    return <Failure message={error.message} onRetry={() => this.setState({ error: null })} />;
  }
}

/** The failure screen; a function component, as only these can follow the UI language. */
function Failure({ message, onRetry }: { message: string; onRetry(): void }) {
  const { t } = useTranslation('common');
  return (
    <main className="screen">
      <div className="notice error" role="alert">
        <p className="notice-title">{t('failure.title')}</p>
        {/* The error's own text, as it will be reported: not translated. */}
        <p translate="no" dir="auto">
          {message}
        </p>
        <p>{t('failure.safe')}</p>
      </div>
      <div className="actions">
        <button type="button" onClick={onRetry}>
          {t('failure.tryAgain')}
        </button>
        <button type="button" className="secondary" onClick={() => window.location.reload()}>
          {t('failure.reload')}
        </button>
      </div>
    </main>
  );
}
