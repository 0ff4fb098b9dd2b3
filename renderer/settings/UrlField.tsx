import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type ProblemData, problemOfIssue } from '../../shared/domain/problem';
import { problemWords } from '../common/problem-text';

interface Props {
  label: string;
  hint: string;
  value: string;
  placeholder?: string;
  schema: z.ZodType<string>;
  onSave(value: string): Promise<boolean>;
  /** Shown as a second button when set, e.g. "Use default". */
  reset?: { label: string; onReset(): Promise<boolean> };
}

/** A URL input that is validated before saving; a refused value stays in the field with the reason. */
export function UrlField({ label, hint, value, placeholder, schema, onSave, reset }: Props) {
  const { t } = useTranslation('settings');
  const id = useId();
  const [draft, setDraft] = useState(value);
  // Kept as a code, worded while rendering, so a language change re-words a problem on screen.
  const [problem, setProblem] = useState<ProblemData | null>(null);
  useTranslation('errors');
  const [saved, setSaved] = useState(false);
  useEffect(() => setDraft(value), [value]);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse(draft);
    if (!parsed.success) {
      setProblem(problemOfIssue(parsed.error.issues[0]) ?? { code: 'field.invalid', values: {} });
      return;
    }
    setProblem(null);
    setSaved(await onSave(parsed.data));
  };

  return (
    <form className="field" noValidate onSubmit={save}>
      <label htmlFor={id}>{label}</label>
      <div className="field-row">
        <input
          id={id}
          type="url"
          dir="ltr"
          translate="no"
          value={draft}
          placeholder={placeholder}
          spellCheck={false}
          aria-invalid={problem !== null}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(null);
            setSaved(false);
          }}
        />
        <button type="submit" disabled={draft === value && !problem}>
          {t('url.save')}
        </button>
        {reset && (
          <button type="button" className="secondary" onClick={() => void reset.onReset()}>
            {reset.label}
          </button>
        )}
      </div>
      {problem ? (
        <p className="field-error" role="alert">
          {problemWords(problem)}
        </p>
      ) : (
        <p className="hint" id={`${id}-hint`}>
          {saved ? t('url.saved', { hint }) : hint}
        </p>
      )}
    </form>
  );
}
