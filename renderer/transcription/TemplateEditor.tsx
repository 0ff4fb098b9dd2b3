import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTE_TEMPLATE_TEXT_MAX, type NoteTemplate } from '../../shared/contract/notes';
import { problemText } from '../common/problem-text';
import { saveNoteTemplate, sectionsAsText } from './notes';

/**
 * Edit the template picked: its name and sections, one a line ("Title: what goes there").
 * A built-in one is saved as the user's own copy; the user's own is saved in place.
 */
export function TemplateEditor({ template, onSaved }: { template: NoteTemplate; onSaved(list: NoteTemplate[], id: string): void }) {
  const { t } = useTranslation('transcription');
  const id = useId();
  const [name, setName] = useState(template.name);
  const [text, setText] = useState(sectionsAsText(template));
  const [problem, setProblem] = useState<unknown>(null);
  useEffect(() => {
    setName(template.builtIn ? t('notes.copyName', { name: template.name }) : template.name);
    setText(sectionsAsText(template));
  }, [template, t]);
  const save = async () => {
    const savedId = template.builtIn ? crypto.randomUUID() : template.id;
    try {
      // Main parses the text and keeps each section's key while its title stays: the page sends it as typed.
      onSaved(await saveNoteTemplate({ id: savedId, name: name.trim(), text, basedOn: template.id }), savedId);
      setProblem(null);
    } catch (error) {
      setProblem(error);
    }
  };
  return (
    <details className="notes-template">
      <summary>{t('notes.editTemplate')}</summary>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('notes.templateName')}</label>
        <input id={`${id}-name`} type="text" value={name} maxLength={80} onChange={(event) => setName(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-sections`}>{t('notes.sections')}</label>
        <textarea
          id={`${id}-sections`}
          rows={5}
          value={text}
          maxLength={NOTE_TEMPLATE_TEXT_MAX}
          aria-describedby={`${id}-sections-hint`}
          aria-invalid={problem !== null}
          onChange={(event) => setText(event.target.value)}
        />
        <p className="hint" id={`${id}-sections-hint`}>
          {t('notes.sectionsHint')}
        </p>
      </div>
      {problem !== null && (
        <p className="field-error" role="alert">
          {problemText(problem)}
        </p>
      )}
      <button type="button" className="secondary" disabled={!name.trim() || !text.trim()} onClick={() => void save()}>
        {template.builtIn ? t('notes.saveAsNew') : t('notes.saveTemplate')}
      </button>
    </details>
  );
}
