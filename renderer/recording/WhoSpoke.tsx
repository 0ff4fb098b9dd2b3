import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Recording } from '../../shared/contract/recording';
import { useFormats } from '../i18n';
import { answerWhoSpoke } from './actions';
import { useRecorder } from './store';

// One empty list: a selector answering a new [] each time would re-render without end until main's watch answers.
const NONE_ASKED: Recording[] = [];

/** One open question, naming its recording (several may be open after a crash or a quit). */
function Question({ recording, focus }: { recording: Recording; focus: boolean }) {
  const { t } = useTranslation('recording');
  const { dateTime, duration } = useFormats();
  const heading = useRef<HTMLHeadingElement>(null);
  const ids = useId();
  // Stop's button is gone with the recording (or the page reloaded): the focus comes here, where the
  // next step is, unless the user already put it somewhere.
  useEffect(() => {
    if (focus && (document.activeElement === null || document.activeElement === document.body)) heading.current?.focus();
  }, [focus]);
  return (
    <section className="card rec-who" aria-labelledby={`${ids}-heading ${ids}-what`}>
      <h2 id={`${ids}-heading`} ref={heading} tabIndex={-1}>
        {t('who.heading')}
      </h2>
      <p id={`${ids}-what`} className="rec-waiting-what">
        {t('waiting.item', { date: dateTime(recording.startedAt), duration: duration(recording.seconds) })}
      </p>
      <p className="hint">{t('who.intro')}</p>
      <div className="rec-buttons">
        <button type="button" onClick={() => void answerWhoSpoke(recording.id, 'me')}>
          {t('who.me')}
        </button>
        <button type="button" className="secondary" onClick={() => void answerWhoSpoke(recording.id, 'several')}>
          {t('who.several')}
        </button>
      </div>
    </section>
  );
}

/**
 * Who spoke in a microphone-only recording, which one microphone cannot tell. Main decides which
 * recordings are asked and keeps the open questions (they come back after a reload, a crash or a
 * quit); it also decides what each answer does (all of it the user's: every row labelled with their
 * name, one undoable step; several people: speakers left to mark in the editor). This only asks and says so.
 */
export function WhoSpoke() {
  const { t } = useTranslation('recording');
  const asked = useRecorder((s) => s.event?.askWhoSpoke ?? NONE_ASKED);
  const said = useRecorder((s) => s.whoSpokeSaid);
  return (
    <>
      {asked.map((recording, index) => (
        <Question key={recording.id} recording={recording} focus={index === 0} />
      ))}
      <p role="status" className="hint rec-who-said">
        {said && t(said === 'me' ? 'who.meDone' : 'who.severalDone')}
      </p>
    </>
  );
}
