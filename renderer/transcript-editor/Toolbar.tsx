import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mergeWithNext, setEdgeFromPlayhead, splitAt } from './keys';
import { type EditorView, redo, revert, undo, useEditor, edit } from './store';

/** Where the edits stand, from the first thing that is not in order. */
function saved({ pending, notWritten, unsaved, conflicts, state }: EditorView, t: TFunction<'editor'>): string {
  if (pending) return t('toolbar.saving');
  // Typing kept in a conflict notice is the user's to decide on, before any other state.
  if (conflicts.some((conflict) => conflict.text !== null)) return t('toolbar.conflicted');
  if (notWritten) return t('toolbar.notSavedYet');
  if (unsaved.length) return t('toolbar.notSaved');
  return state.edited ? t('toolbar.allSaved') : t('toolbar.original');
}

/**
 * Undo, redo and revert; and the active row's cue and timing edits, for the mouse. Below 1280 px
 * the six timing buttons fold behind one (editor.css shows them whole on a wide window), so the
 * toolbar keeps to a line and leaves the height to the rows.
 */
export function Toolbar() {
  const { t } = useTranslation('editor');
  const view = useEditor();
  const { state, active, hasTimings } = view;
  const rows = useEditor((view) => view.document?.blocks.length ?? 0);
  const row = active;
  const [timing, setTiming] = useState(false);
  const timingId = useId();
  const nudge = (edge: 'start' | 'end', ms: number) => row !== null && void edit({ type: 'nudge', block: row, edge, ms });
  return (
    <div className="ed-toolbar" role="toolbar" aria-label={t('toolbar.label')}>
      <div className="ed-group">
        <button type="button" className="small secondary" onClick={undo} disabled={!state.canUndo} aria-keyshortcuts="Control+Z">
          {t('toolbar.undo')}
        </button>
        <button type="button" className="small secondary" onClick={redo} disabled={!state.canRedo} aria-keyshortcuts="Control+Shift+Z">
          {t('toolbar.redo')}
        </button>
        <button
          type="button"
          className="small secondary"
          disabled={!state.edited}
          onClick={revert}
          title={t('toolbar.revertTitle')}
        >
          {t('toolbar.revert')}
        </button>
        <span className="ed-saved" role="status">
          {saved(view, t)}
        </span>
      </div>
      <div className="ed-group" aria-label={row === null ? t('toolbar.pickRow') : t('toolbar.rowActions', { row: row + 1 })}>
        <button type="button" className="small secondary" disabled={row === null} onClick={() => row !== null && splitAt(row)}>
          {t('toolbar.split')}
        </button>
        <button type="button" className="small secondary" disabled={row === null || row + 1 >= rows} onClick={() => row !== null && mergeWithNext(row)}>
          {t('toolbar.mergeNext')}
        </button>
        {hasTimings && (
          <button type="button" className="small secondary ed-timing-toggle" aria-expanded={timing} aria-controls={timingId} onClick={() => setTiming(!timing)}>
            {t('toolbar.timing')}
          </button>
        )}
        {hasTimings && (
          <div id={timingId} className={timing ? 'ed-group ed-timing open' : 'ed-group ed-timing'}>
            <button type="button" className="small secondary" disabled={row === null} onClick={() => nudge('start', -100)} title={t('toolbar.startEarlierLabel')}>
              {t('toolbar.startEarlier')}
            </button>
            <button type="button" className="small secondary" disabled={row === null} onClick={() => nudge('start', 100)} title={t('toolbar.startLaterLabel')}>
              {t('toolbar.startLater')}
            </button>
            <button type="button" className="small secondary" disabled={row === null} onClick={() => nudge('end', -100)} title={t('toolbar.endEarlierLabel')}>
              {t('toolbar.endEarlier')}
            </button>
            <button type="button" className="small secondary" disabled={row === null} onClick={() => nudge('end', 100)} title={t('toolbar.endLaterLabel')}>
              {t('toolbar.endLater')}
            </button>
            <button type="button" className="small secondary" disabled={row === null} onClick={() => row !== null && setEdgeFromPlayhead(row, 'start')}>
              {t('toolbar.startAtPlayhead')}
            </button>
            <button type="button" className="small secondary" disabled={row === null} onClick={() => row !== null && setEdgeFromPlayhead(row, 'end')}>
              {t('toolbar.endAtPlayhead')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
