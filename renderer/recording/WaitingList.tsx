import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Recording } from '../../shared/contract/recording';
import { problemWords } from '../common/problem-text';
import { useFormats } from '../i18n';
import { useCurrentRequest } from '../transcription';
import { discardWaiting, keepWaiting, transcribeWaiting } from './actions';

const NOTES = { recovered: 'waiting.recovered', ended: 'waiting.ended', kept: 'waiting.kept' } as const;

export function Waiting({ recording }: { recording: Recording }) {
  const { t } = useTranslation('recording');
  const { dateTime, duration } = useFormats();
  const request = useCurrentRequest();
  const [asking, setAsking] = useState(false);
  const note = recording.state in NOTES ? NOTES[recording.state as keyof typeof NOTES] : null;

  return (
    <li className="rec-waiting-item" data-testid="rec-waiting">
      <p className="rec-waiting-what">{t('waiting.item', { date: dateTime(recording.startedAt), duration: duration(recording.seconds) })}</p>
      {/* Main's words say how it ended or was found when it has them; the state's, when not. */}
      {recording.problem ? <p className="hint">{problemWords(recording.problem)}</p> : note && <p className="hint">{t(note)}</p>}
      {asking ? (
        <div className="rec-ask" role="group" aria-label={t('waiting.discardAsk')}>
          <p>{t('waiting.discardAsk')}</p>
          <div className="rec-buttons">
            <button type="button" className="danger small" onClick={() => discardWaiting(recording.id)}>
              {t('waiting.discardYes')}
            </button>
            <button type="button" className="secondary small" autoFocus onClick={() => setAsking(false)}>
              {t('waiting.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <div className="rec-buttons">
          <button type="button" className="small" disabled={!request} onClick={() => void transcribeWaiting(recording.id, request)}>
            {t('waiting.transcribe')}
          </button>
          {recording.state !== 'kept' && (
            <button type="button" className="secondary small" onClick={() => keepWaiting(recording.id)}>
              {t('waiting.keep')}
            </button>
          )}
          <button type="button" className="secondary small" onClick={() => setAsking(true)}>
            {t('waiting.discard')}
          </button>
        </div>
      )}
    </li>
  );
}

/** Recordings that wait for the user: found after a crash, ended on their own, or kept without a transcript. */
export function WaitingList({ recordings }: { recordings: Recording[] }) {
  const { t } = useTranslation('recording');
  return (
    <section className="card rec-waiting" aria-labelledby="rec-waiting-heading">
      <h2 id="rec-waiting-heading">{t('waiting.heading')}</h2>
      <p className="hint">{t('waiting.intro')}</p>
      <ul className="plain">
        {recordings.map((recording) => (
          <Waiting key={recording.id} recording={recording} />
        ))}
      </ul>
    </section>
  );
}
