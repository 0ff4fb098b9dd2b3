import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslatedRow } from '../../shared/contract/translation';
import { problemText } from '../common/problem-text';
import { editTranslatedRow } from './store';

/**
 * A translated row edited in place: saved on blur or Enter (Shift+Enter: a new line), Escape puts
 * main's text back. When main refuses, what was typed stays in the field with main's message.
 */
export function TranslatedRowField({ row, label, dir }: { row: TranslatedRow; label: string; dir: 'ltr' | 'rtl' }) {
  const { t } = useTranslation('transcription');
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const text = draft ?? row.text;
  const save = () => {
    if (draft === null || draft === row.text || saving) return;
    setSaving(true);
    editTranslatedRow(row.id, draft)
      .then(
        () => {
          setDraft(null);
          setProblem(null);
        },
        (error: unknown) => setProblem(error),
      )
      .finally(() => setSaving(false));
  };
  const errorId = `translated-${row.id}-problem`;
  return (
    <>
      <textarea
        className="translated-text"
        data-row={row.id}
        aria-label={label}
        aria-invalid={problem !== null}
        aria-describedby={problem !== null ? errorId : undefined}
        dir={dir}
        value={text}
        readOnly={saving}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            save();
          } else if (event.key === 'Escape' && draft !== null) {
            setDraft(null);
            setProblem(null);
          }
        }}
      />
      {problem !== null && (
        <p className="field-error" role="alert" id={errorId}>
          {t('translation.notSaved', { problem: problemText(problem) })}
        </p>
      )}
    </>
  );
}
