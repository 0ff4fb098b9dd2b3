import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Person } from '../../shared/contract/people';
import { MAX_SPEAKER_NAME_CHARS } from '../../shared/contract/transcriptEditor';
import { problemText } from '../common/problem-text';
import { renamePerson, transcriptsWith } from './store';

/**
 * A person's name, renamed as in the editor's Speakers panel: when they speak in transcripts,
 * the question whether those change too comes first (main renames them only when told so).
 */
export function PersonName({ person }: { person: Person }) {
  const { t } = useTranslation('people');
  const [name, setName] = useState(person.name);
  const [asking, setAsking] = useState<number | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const answer = useRef<HTMLButtonElement>(null);
  const wanted = name.trim();

  const rename = async (pastTranscripts: boolean) => {
    try {
      await renamePerson(person.id, wanted, pastTranscripts);
      setAsking(null);
      setProblem(null);
    } catch (error) {
      setProblem(error);
    }
  };
  const submit = async () => {
    setProblem(null);
    if (!wanted || wanted === person.name) return setName(person.name);
    try {
      const uses = await transcriptsWith(person.id);
      if (uses === 0) return void (await rename(false));
      setAsking(uses);
      // The question is what to answer next.
      requestAnimationFrame(() => answer.current?.focus());
    } catch (error) {
      setProblem(error);
    }
  };

  return (
    <div className="person-name">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label>
          {t('person.name')}
          <input type="text" dir="auto" maxLength={MAX_SPEAKER_NAME_CHARS} value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        <button type="submit" className="small" disabled={!wanted || wanted === person.name || asking !== null}>
          {t('person.save')}
        </button>
      </form>
      {asking !== null && (
        <div className="ed-rename-ask" role="group" aria-label={t('person.renameAsk', { old: person.name, name: wanted, count: asking })}>
          <p>{t('person.renameAsk', { old: person.name, name: wanted, count: asking })}</p>
          <button ref={answer} type="button" className="small" onClick={() => void rename(false)}>
            {t('person.renameFromNow')}
          </button>{' '}
          <button type="button" className="small" onClick={() => void rename(true)}>
            {t('person.renameEverywhere')}
          </button>{' '}
          <button
            type="button"
            className="small link"
            onClick={() => {
              setAsking(null);
              setName(person.name);
            }}
          >
            {t('person.renameCancel')}
          </button>
        </div>
      )}
      {problem !== null && (
        <p className="notice error" role="alert">
          {problemText(problem)}
        </p>
      )}
    </div>
  );
}
