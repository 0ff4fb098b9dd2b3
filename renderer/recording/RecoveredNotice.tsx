import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import type { Recording } from '../../shared/contract/recording';
import { problemText } from '../common/problem-text';
import { useNavigation } from '../navigation';
import { dismissFailure } from './actions';
import { useRecorder } from './store';
import { Waiting } from './WaitingList';
import './recording.css';

const NONE: Recording[] = [];

/**
 * Recordings main repaired after a crash, said on whatever screen the window opens with (the
 * Record screen lists them too, with everything else that waits). Transcribe and Keep are here, so
 * the answer needs no trip; Later hides the notice for this window and leaves the recordings waiting.
 */
export function RecoveredNotice() {
  const { t } = useTranslation('recording');
  const onRecorder = useNavigation((s) => s.view === 'recording');
  // Shallow: a new filtered array on every event would render again each time.
  const recovered = useRecorder(useShallow((s) => s.event?.waiting.filter((r) => r.state === 'recovered') ?? NONE));
  const failure = useRecorder((s) => s.failure);
  const [later, setLater] = useState(false);
  if (onRecorder || later || recovered.length === 0) return null;
  return (
    <section className="notice over-pane rec-recovered" aria-labelledby="rec-recovered-heading">
      <h2 id="rec-recovered-heading" className="notice-title">
        {t('waiting.recoveredHeading', { count: recovered.length })}
      </h2>
      <ul className="plain">
        {recovered.map((recording) => (
          <Waiting key={recording.id} recording={recording} />
        ))}
      </ul>
      {failure !== null && (
        <p role="alert">
          {problemText(failure)}{' '}
          <button type="button" className="small secondary" onClick={dismissFailure}>
            {t('screen.dismiss')}
          </button>
        </p>
      )}
      <div className="actions">
        <button type="button" className="small secondary" onClick={() => useNavigation.getState().show('recording')}>
          {t('waiting.openRecorder')}
        </button>
        <button type="button" className="small secondary" onClick={() => setLater(true)}>
          {t('waiting.later')}
        </button>
      </div>
    </section>
  );
}
