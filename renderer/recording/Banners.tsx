import { useTranslation } from 'react-i18next';
import { BridgeError } from '../../shared/contract/client';
import type { LiveTranscript, Recording } from '../../shared/contract/recording';
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

/** What waits for the service, as the recorder says it. */
const WAITING_WORDS = { parts: 'captions.waitingParts', captions: 'captions.waitingCaptions', both: 'captions.waitingBoth' } as const;
const NOTHING_WAITS: LiveTranscript['sendingWaits'] = [];

/** Main's notices about the running recording (a track silent or ended, the service out of reach), and the page's own failure. */
export function Banners({ recording }: { recording: Recording | null }) {
  const { t } = useTranslation('recording');
  const failure = useRecorder((s) => s.failure);
  const waits = useRecorder((s) => (recording && s.live?.recordingId === recording.id ? s.live.sendingWaits : NOTHING_WAITS));
  return (
    <>
      {recording?.notices.map((notice, index) => (
        <div key={`${notice.code}-${index}`} className="notice rec-warning" role="alert" data-testid="rec-notice">
          {problemWords(notice)}
        </div>
      ))}
      {waits.length > 0 && (
        <div className="notice rec-warning" role="status">
          {t(WAITING_WORDS[waits.length > 1 ? 'both' : waits[0]!])}
        </div>
      )}
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
