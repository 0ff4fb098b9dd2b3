import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelJob } from '../../shared/contract/modelJobs';
import type { NoteTemplate, NotesEvent } from '../../shared/contract/notes';
import { problemText, problemWords } from '../common/problem-text';
import { useSaving } from '../common/use-saving';
import { NoteItemRow } from './NoteItemRow';
import { NotesJobStatus } from './NotesJobStatus';
import { type NotesState, bySection, exportNotes, loadNotes, makeNotes, watchNotesJob } from './notes';
import { TemplateEditor } from './TemplateEditor';

/**
 * A transcript's meeting notes: Make notes with a template, items shown as they arrive, each
 * linking to the rows it cites; out of date (with Update) once a cited row was edited; exports.
 */
export function NotesPanel({ transcriptId }: { transcriptId: string }) {
  const { t } = useTranslation('transcription');
  const id = useId();
  const [templates, setTemplates] = useState<NoteTemplate[]>([]);
  const [templateId, setTemplateId] = useState('meeting');
  const [state, setState] = useState<NotesState>({ status: 'loading' });
  const [loadProblem, setLoadProblem] = useState<unknown>(null);
  const [job, setJob] = useState<ModelJob | null>(null);
  const stop = useRef<(() => void) | null>(null);
  const { busy: exporting, outcome, save } = useSaving<'md' | 'docx'>();
  const [editing, setEditing] = useState<ReadonlySet<string>>(new Set());
  const onEditing = useCallback((itemId: string, open: boolean) => {
    setEditing((was) => {
      if (was.has(itemId) === open) return was;
      const now = new Set(was);
      if (open) now.add(itemId);
      else now.delete(itemId);
      return now;
    });
  }, []);

  useEffect(() => {
    setState({ status: 'loading' });
    loadNotes(transcriptId).then(
      ([list, notes]) => {
        setTemplates(list);
        if (notes) setTemplateId(notes.template.id);
        setState({ status: 'ready', notes, problem: null });
      },
      (error: unknown) => setLoadProblem(error),
    );
    // A job that ends while no stream follows it (a reloaded page, Cancel, a job resumed) leaves notes to read again.
    const stopWatching = watchNotesJob(transcriptId, setJob, () =>
      void loadNotes(transcriptId).then(([, notes]) => setState((s) => (s.status === 'making' ? s : { status: 'ready', notes, problem: s.status === 'ready' ? s.problem : null })), () => undefined),
    );
    return () => {
      stop.current?.();
      stopWatching();
    };
  }, [transcriptId]);

  const notes = state.status === 'loading' ? null : state.notes;
  const make = (update: boolean) => {
    stop.current?.();
    setState({ status: 'making', notes, items: [] });
    stop.current = makeNotes({ transcriptId, templateId, update }, (event: NotesEvent) => {
      if (event.type === 'item') setState((s) => (s.status === 'making' ? { ...s, items: [...s.items, event.item] } : s));
      else if (event.type === 'done') setState({ status: 'ready', notes: event.notes, problem: null });
      else {
        // A failed job may have kept the parts it finished: the notes are read again under the problem.
        setState({ status: 'ready', notes, problem: event.problem });
        void loadNotes(transcriptId).then(([, kept]) => setState((s) => (s.status === 'ready' ? { ...s, notes: kept } : s)), () => undefined);
      }
    });
  };

  const template = templates.find((each) => each.id === templateId) ?? notes?.template;
  const shownTemplate = state.status === 'making' ? template : (notes?.template ?? template);
  const items = state.status === 'making' ? state.items : (notes?.items ?? []);
  const making = state.status === 'making';
  return (
    <section className="card notes" aria-labelledby={`${id}-heading`} aria-busy={making}>
      <h2 id={`${id}-heading`}>{t('notes.heading')}</h2>
      {loadProblem !== null && (
        <div className="notice error" role="alert">
          <p>{t('notes.notLoaded', { problem: problemText(loadProblem) })}</p>
        </div>
      )}
      <div className="actions notes-actions">
        <label htmlFor={`${id}-template`}>{t('notes.template')}</label>
        <select id={`${id}-template`} value={templateId} disabled={making} onChange={(event) => setTemplateId(event.target.value)}>
          {templates.map((each) => (
            <option key={each.id} value={each.id}>
              {each.name}
            </option>
          ))}
        </select>
        <button type="button" className="small" disabled={making || state.status === 'loading' || editing.size > 0} onClick={() => make(false)}>
          {notes ? t('notes.makeAgain') : t('notes.make')}
        </button>
        {making && <span className="hint" role="status">{t('notes.making')}</span>}
        {editing.size > 0 && <span className="hint">{t('notes.finishEditing')}</span>}
      </div>
      <NotesJobStatus job={job} notes={making ? null : notes} held={editing.size > 0} />
      {notes?.outOfDate && !making && (
        <div className="notice notes-stale" role="status">
          <p>{t('notes.outOfDate')}</p>
          <button type="button" className="secondary" disabled={editing.size > 0} onClick={() => make(true)}>
            {t('notes.update')}
          </button>
        </div>
      )}
      {state.status === 'ready' && state.problem && (
        <div className="notice error" role="alert">
          <p>{problemWords(state.problem)}</p>
        </div>
      )}
      {shownTemplate &&
        bySection(shownTemplate, items).map((section) => (
          <div className="notes-section" key={section.key}>
            <h3>{section.title}</h3>
            <ul className="note-items">
              {section.items.map((item) => (
                <NoteItemRow
                  key={item.id}
                  transcriptId={transcriptId}
                  item={item}
                  busy={making}
                  onSaved={(saved) => setState({ status: 'ready', notes: saved, problem: null })}
                  onEditing={onEditing}
                />
              ))}
            </ul>
          </div>
        ))}
      {notes && !making && (
        <div className="actions">
          {(['md', 'docx'] as const).map((format) => (
            <button key={format} type="button" className="secondary" disabled={exporting !== null} onClick={() => void save(format, () => exportNotes(transcriptId, format))}>
              {t('notes.export', { format: format === 'md' ? 'Markdown' : 'DOCX' })}
            </button>
          ))}
          {outcome && (
            <span className={outcome.ok ? 'export-outcome' : 'field-error'} role={outcome.ok ? 'status' : 'alert'}>
              {outcome.text}
            </span>
          )}
        </div>
      )}
      {template && (
        <TemplateEditor
          template={template}
          onSaved={(list, savedId) => {
            setTemplates(list);
            setTemplateId(savedId);
          }}
        />
      )}
    </section>
  );
}
