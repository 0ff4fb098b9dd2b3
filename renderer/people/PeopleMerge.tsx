import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../common/problem-text';
import { mergePeople, personOf, undoMerge, useMerged, usePeople } from './store';

/**
 * "Same person as…": a speaker's person merged into another in the people list (links, talk time
 * and offers follow; transcripts keep their words). One step, undone from the notice below.
 */
export function SamePersonAs({ person, name }: { person: string; name: string }) {
  const { t } = useTranslation('editor');
  const people = usePeople((view) => view.people);
  const [problem, setProblem] = useState<unknown>(null);
  // The speaker's link may name someone merged away since: it is the person they became.
  const now = personOf(people, person);
  const others = people.filter((each) => each.id !== now?.id);
  // The user is never merged away (main refuses it): the others merge into them.
  if (!others.length || now?.self) return null;
  return (
    <>
      <select
        aria-label={t('speakers.samePersonLabel', { name })}
        value=""
        onChange={(event) => event.target.value && void mergePeople(person, event.target.value).then(() => setProblem(null), setProblem)}
      >
        <option value="">{t('speakers.samePerson')}</option>
        {others.map((other) => (
          <option key={other.id} value={other.id} translate="no">
            {other.name}
          </option>
        ))}
      </select>
      {problem !== null && (
        <p className="notice error" role="alert">
          {problemText(problem)}
        </p>
      )}
    </>
  );
}

/** The last merge, with its Undo. */
export function MergedNotice() {
  const { t } = useTranslation('editor');
  const merged = useMerged((view) => view.merged);
  const [problem, setProblem] = useState<unknown>(null);
  const shown = useRef<HTMLDivElement>(null);
  // In a short window's panels the notice may be below what shows: it is brought into view.
  useEffect(() => {
    shown.current?.scrollIntoView({ block: 'nearest' });
  }, [merged]);
  if (!merged) return null;
  return (
    <div ref={shown} className="notice" role="status">
      <p>{t('speakers.merged', { from: merged.fromName, into: merged.intoName })}</p>
      <button type="button" className="small" onClick={() => void undoMerge().then(() => setProblem(null), setProblem)}>
        {t('speakers.undoMerge')}
      </button>{' '}
      <button type="button" className="small link" onClick={() => useMerged.setState({ merged: null })}>
        {t('speakers.dismissMerge')}
      </button>
      {problem !== null && <p role="alert">{problemText(problem)}</p>}
    </div>
  );
}
