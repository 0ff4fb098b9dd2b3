import type { ServiceFailure } from '../../shared/domain/service-failure';
import { guidanceFor } from './failure-guidance';

interface Props {
  failure: ServiceFailure;
  onSettings?(): void;
  onRetry?(): void;
}

/** A failure with what to do about it, and the matching button where there is one. */
export function FailureNotice({ failure, onSettings, onRetry }: Props) {
  const guidance = guidanceFor(failure);
  return (
    <div className="notice error" role="alert">
      <p className="notice-title">{guidance.title}</p>
      <p>{guidance.advice}</p>
      {guidance.detail && guidance.detail !== guidance.advice && (
        <p className="notice-detail">
          Server said: <q>{guidance.detail}</q>
          {failure.code ? <span className="mono"> ({failure.code})</span> : null}
        </p>
      )}
      {guidance.action === 'settings' && onSettings && (
        <button type="button" onClick={onSettings}>
          Open Settings
        </button>
      )}
      {guidance.action === 'retry' && onRetry && (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
