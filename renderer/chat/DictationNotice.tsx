import { useTranslation } from 'react-i18next';
import { useFormats } from '../i18n';
import { FailureNotice } from '../common/FailureNotice';
import { SwitchToFree } from '../settings';
import { problemText, problemWords } from '../common/problem-text';
import { errorText } from '../../shared/domain/error-text';
import { BridgeError } from '../../shared/contract/client';
import { type DictationPhase, useDictation } from './dictation';

/** How long the take is so far: the user sees it is being heard, and how long they have talked. */
function Elapsed() {
  const format = useFormats();
  const seconds = useDictation((s) => s.seconds);
  return <span className="dictation-time">{format.duration(seconds)}</span>;
}

/** What dictation says under the composer, in place: its state, or why nothing came of it and what to do. */
export function DictationNotice({ conversationId, phase }: { conversationId: string; phase: DictationPhase }) {
  const { t } = useTranslation('chat');
  const { t: tErrors } = useTranslation('errors');
  const { retry, dismiss } = useDictation.getState();
  const dismissButton = (
    <button type="button" className="secondary small" onClick={() => dismiss(conversationId)}>
      {t('dictation.dismiss')}
    </button>
  );
  switch (phase.kind) {
    case 'opening':
    case 'listening':
      return (
        <p className="hint dictation-status" role="status">
          {phase.kind === 'listening' && <Elapsed />} {t('dictation.listening')}
        </p>
      );
    case 'working':
      return (
        <p className="hint dictation-status" role="status">
          {t('dictation.working')}
        </p>
      );
    case 'empty':
    case 'needsPro':
      return (
        <div className="dictation-note" role="status">
          <p>{phase.kind === 'empty' ? t('dictation.empty') : t('dictation.needsPro')}</p>
          {dismissButton}
        </div>
      );
    case 'notRecorded':
    case 'refused':
      return (
        <div className="dictation-note" role="alert">
          <p className="field-error">
            {phase.kind === 'refused'
              ? t('dictation.refused', { reason: problemWords(phase.problem) })
              : // Main refused to let the microphone open (no real press, the plan): its own words.
                phase.error instanceof BridgeError && phase.error.problem
                ? problemText(phase.error)
                : t('dictation.noMicrophone', { detail: errorText(phase.error) })}
          </p>
          {dismissButton}
        </div>
      );
    case 'failed':
      return (
        <div className="dictation-failed">
          {phase.failure ? (
            <FailureNotice failure={phase.failure} onRetry={() => void retry(conversationId)}>
              <SwitchToFree failure={phase.failure} />
            </FailureNotice>
          ) : (
            <div className="notice error" role="alert">
              {/* After a reload the clip is offered again without the words of why it failed. */}
              {phase.error !== undefined && <p>{problemText(phase.error)}</p>}
              <div className="actions">
                <button type="button" onClick={() => void retry(conversationId)}>
                  {tErrors('failure.retry')}
                </button>
              </div>
            </div>
          )}
          <div className="dictation-note">
            <p className="hint">{t('dictation.kept')}</p>
            {dismissButton}
          </div>
        </div>
      );
  }
}
