import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServiceFailure } from '../../shared/domain/service-failure';
import { guidanceFor } from './failure-guidance';

interface Props {
  failure: ServiceFailure;
  /** Shown inside Settings: the advice does not send the user there. */
  inSettings?: boolean;
  onSettings?(): void;
  onRetry?(): void;
  /** The answer a feature offers first among the buttons (a plan refusal's Switch this profile to Free). */
  children?: ReactNode;
}

/** A failure with what to do about it, and the matching button where there is one. */
export function FailureNotice({ failure, inSettings, onSettings, onRetry, children }: Props) {
  // Subscribed to the language, so the words below change with it.
  const { t } = useTranslation('errors');
  const guidance = guidanceFor(failure, { inSettings });
  // The service's own error code, once: not when its words already contain it.
  const code = failure.status !== null && failure.code && !guidance.detail?.includes(failure.code) ? failure.code : null;
  return (
    <div className="notice error" role="alert">
      <p className="notice-title">{guidance.title}</p>
      <p>{guidance.advice}</p>
      {guidance.detail && guidance.detail !== guidance.advice && (
        <p className="notice-detail">
          {/* Only the words of an HTTP error body are the server's; main's diagnosis (a broken stream, an unreadable answer) is not. */}
          {failure.status !== null && guidance.detail === failure.message ? t('failure.server_said') : t('failure.details')}{' '}
          {/* The server's words are its own language, whatever the UI's; main's diagnosis is worded here. */}
          <q dir="auto" translate={guidance.detail === failure.message ? 'no' : undefined}>
            {guidance.detail}
          </q>
          {code && (
            <span className="mono" dir="ltr" translate="no">
              {' '}
              ({code})
            </span>
          )}
        </p>
      )}
      <div className="actions">
        {children}
        {guidance.action === 'settings' && onSettings && (
          <button type="button" onClick={onSettings}>
            {t('failure.open_settings')}
          </button>
        )}
        {/* Whatever the fix (a new key, another model), trying again is the step after it. */}
        {onRetry && (
          <button type="button" className={guidance.action === 'retry' ? undefined : 'secondary'} onClick={onRetry}>
            {t('failure.retry')}
          </button>
        )}
      </div>
    </div>
  );
}
