import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { answerWhoSpoke } from './actions';
import { useRecorder } from './store';

/**
 * After Stop, a recording of the microphone alone: who spoke, which one microphone cannot tell.
 * Main decides what each answer does (all of it the user's: every row labelled with their name, one
 * undoable step; several people: speakers left to mark in the editor); this card only asks and says so.
 */
export function WhoSpoke() {
  const { t } = useTranslation('recording');
  const asked = useRecorder((s) => s.whoSpoke);
  const heading = useRef<HTMLHeadingElement>(null);
  const id = asked?.recording.id;
  // Stop's button is gone with the recording: the focus comes here, where the next step is.
  useEffect(() => {
    if (id) heading.current?.focus();
  }, [id]);
  if (!asked) return null;
  return (
    <section className="card rec-who" aria-labelledby="rec-who-heading">
      <h2 id="rec-who-heading" ref={heading} tabIndex={-1}>
        {t('who.heading')}
      </h2>
      <p className="hint">{t('who.intro')}</p>
      <p role="status">{asked.answered && t(asked.answered === 'me' ? 'who.meDone' : 'who.severalDone')}</p>
      {!asked.answered && (
        <div className="rec-buttons">
          <button type="button" onClick={() => void answerWhoSpoke('me')}>
            {t('who.me')}
          </button>
          <button type="button" className="secondary" onClick={() => void answerWhoSpoke('several')}>
            {t('who.several')}
          </button>
        </div>
      )}
    </section>
  );
}
