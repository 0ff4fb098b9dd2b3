import { useTranslation } from 'react-i18next';
import { BridgeError } from '../../shared/contract/client';
import type { Recording } from '../../shared/contract/recording';
import { problemText, problemWords } from '../common/problem-text';
import { dismissFailure } from './actions';
import { useRecorder } from './store';

/** Main's refusal in its own words; the page's own failures (no microphone, access refused) in words that say what to do. */
function failureText(failure: unknown, t: ReturnType<typeof useTranslation<'recording'>>['t']) {
  if (failure instanceof BridgeError && failure.problem) return problemText(failure);
  if (failure instanceof DOMException && (failure.name === 'NotAllowedError' || failure.name === 'SecurityError')) return t('failure.notAllowed');
  if (failure instanceof DOMException && (failure.name === 'NotFoundError' || failure.name === 'OverconstrainedError')) return t('failure.noDevice');
  return t('failure.other', { problem: problemText(failure) });
}

/** Main's notices about the running recording (a track silent or ended), and the page's own failure. */
export function Banners({ recording }: { recording: Recording | null }) {
  const { t } = useTranslation('recording');
  const failure = useRecorder((s) => s.failure);
  return (
    <>
      {recording?.notices.map((notice, index) => (
        <div key={`${notice.code}-${index}`} className="notice rec-warning" role="alert" data-testid="rec-notice">
          {problemWords(notice)}
        </div>
      ))}
      {failure !== null && (
        <div className="notice error" role="alert" data-testid="rec-failure">
          <p className="notice-title">{t('failure.title')}</p>
          <p>{failureText(failure, t)}</p>
          <button type="button" className="small secondary" onClick={dismissFailure}>
            {t('screen.dismiss')}
          </button>
        </div>
      )}
    </>
  );
}
