import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GlossaryEntry } from '../../shared/contract/translation';
import { problemText } from '../common/problem-text';
import { saveGlossary } from './store';

interface Props {
  entries: readonly GlossaryEntry[];
  /** How the entries are kept: the open translation's by default; the estimate's language before a start. */
  save?: (entries: GlossaryEntry[]) => Promise<unknown>;
}

/** Names and terms for this language: how a term is spelled in it, sent with every batch from now on. */
export function Glossary({ entries, save: keep = saveGlossary }: Props) {
  const { t } = useTranslation('transcription');
  const id = useId();
  const [term, setTerm] = useState('');
  const [spelling, setSpelling] = useState('');
  const [problem, setProblem] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const save = (next: GlossaryEntry[], then?: () => void) => {
    setSaving(true);
    keep(next)
      .then(() => {
        setProblem(null);
        then?.();
      }, setProblem)
      .finally(() => setSaving(false));
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    // What was typed stays in the fields until main has kept it.
    save([...entries.filter((each) => each.term !== term.trim()), { term: term.trim(), spelling: spelling.trim() }], () => {
      setTerm('');
      setSpelling('');
    });
  };
  return (
    <section className="glossary" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t('translation.glossary')}</h3>
      <p className="hint">{t('translation.glossaryHint')}</p>
      {entries.length > 0 && (
        <ul className="glossary-entries">
          {entries.map((entry) => (
            <li key={entry.term}>
              <span dir="auto">{entry.term}</span> → <span dir="auto">{entry.spelling}</span>{' '}
              <button
                type="button"
                className="link"
                disabled={saving}
                aria-label={t('translation.removeTerm', { term: entry.term })}
                onClick={() => save(entries.filter((each) => each !== entry))}
              >
                {t('translation.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="actions glossary-add" onSubmit={add}>
        <label htmlFor={`${id}-term`}>{t('translation.term')}</label>
        <input id={`${id}-term`} value={term} maxLength={100} onChange={(event) => setTerm(event.target.value)} dir="auto" />
        <label htmlFor={`${id}-spelling`}>{t('translation.spelling')}</label>
        <input id={`${id}-spelling`} value={spelling} maxLength={100} onChange={(event) => setSpelling(event.target.value)} dir="auto" />
        <button type="submit" className="small secondary" disabled={saving || !term.trim() || !spelling.trim()}>
          {t('translation.addTerm')}
        </button>
      </form>
      {problem !== null && (
        <p className="field-error" role="alert">
          {problemText(problem)}
        </p>
      )}
    </section>
  );
}
