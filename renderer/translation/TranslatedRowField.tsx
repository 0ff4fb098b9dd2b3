import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslatedRow } from '../../shared/contract/translation';
import { problemText } from '../common/problem-text';
import { draftKey, editTranslatedRow, setDraft, useTranslations } from './store';

/**
 * A translated row edited in place: saved on blur or Enter (Shift+Enter: a new line), Escape puts
 * main's text back. What was typed and not kept by main yet lives in the store (a row scrolled
 * away is unmounted), so a refused edit stays with main's message when the row comes back.
 */
export function TranslatedRowField({ row, label, dir }: { row: TranslatedRow; label: string; dir: 'ltr' | 'rtl' }) {
  const { t } = useTranslation('transcription');
  const key = draftKey(row.id);
  const draft = useTranslations((s) => s.drafts[key] ?? null);
  const [saving, setSaving] = useState(false);
  const problem = draft?.problem ?? null;
  const save = () => {
    if (draft === null || draft.text === row.text || saving) return;
    setSaving(true);
    void editTranslatedRow(row.id, draft.text).finally(() => setSaving(false));
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
        value={draft?.text ?? row.text}
        readOnly={saving}
        onChange={(event) => setDraft(key, { text: event.target.value, problem })}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            save();
          } else if (event.key === 'Escape' && draft !== null) {
            setDraft(key, null);
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

/** A row's state in words beside its translation (the mark beside it is a second cue, never the only one). */
export const RowStatus = ({ text }: { text: string | null }) => (text ? <span className="row-status">{text}</span> : null);
