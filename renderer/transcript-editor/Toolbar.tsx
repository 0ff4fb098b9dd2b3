import { mergeWithNext, setEdgeFromPlayhead, splitAt } from './keys';
import { redo, revert, undo, useEditor, edit } from './store';

/** Undo, redo and revert; and the active row's cue and timing edits, for the mouse. */
export function Toolbar() {
  const { state, active, hasTimings, pending, unsaved, conflicts, notWritten } = useEditor();
  const rows = useEditor((view) => view.document?.blocks.length ?? 0);
  const row = active;
  const nudge = (edge: 'start' | 'end', ms: number) => row !== null && void edit({ type: 'nudge', block: row, edge, ms });
  return (
    <div className="ed-toolbar" role="toolbar" aria-label="Editing">
      <div className="ed-group">
        <button type="button" className="small secondary" onClick={undo} disabled={!state.canUndo} aria-keyshortcuts="Control+Z">
          Undo
        </button>
        <button type="button" className="small secondary" onClick={redo} disabled={!state.canRedo} aria-keyshortcuts="Control+Shift+Z">
          Redo
        </button>
        <button
          type="button"
          className="small secondary"
          disabled={!state.edited}
          onClick={revert}
          title="Back to the transcript as the service returned it; Undo brings your edits back"
        >
          Revert to original
        </button>
        <span className="ed-saved" role="status">
          {pending ? 'Saving…' : notWritten ? 'Not saved yet' : unsaved.length || conflicts.some((conflict) => conflict.text !== null) ? 'Not saved' : state.edited ? 'All edits saved' : 'Original'}
        </span>
      </div>
      <div className="ed-group" aria-label={row === null ? 'Row actions (pick a row first)' : `Row ${row + 1}`}>
        <button type="button" className="small secondary" disabled={row === null} onClick={() => row !== null && splitAt(row)}>
          Split at cursor
        </button>
        <button type="button" className="small secondary" disabled={row === null || row + 1 >= rows} onClick={() => row !== null && mergeWithNext(row)}>
          Merge with next
        </button>
        {hasTimings && (
          <>
            <button type="button" className="small secondary" disabled={row === null} onClick={() => nudge('start', -100)} aria-label="Start 0.1 s earlier">
              Start −0.1 s
            </button>
            <button type="button" className="small secondary" disabled={row === null} onClick={() => nudge('start', 100)} aria-label="Start 0.1 s later">
              Start +0.1 s
            </button>
            <button type="button" className="small secondary" disabled={row === null} onClick={() => nudge('end', -100)} aria-label="End 0.1 s earlier">
              End −0.1 s
            </button>
            <button type="button" className="small secondary" disabled={row === null} onClick={() => nudge('end', 100)} aria-label="End 0.1 s later">
              End +0.1 s
            </button>
            <button type="button" className="small secondary" disabled={row === null} onClick={() => row !== null && setEdgeFromPlayhead(row, 'start')}>
              Start at playhead
            </button>
            <button type="button" className="small secondary" disabled={row === null} onClick={() => row !== null && setEdgeFromPlayhead(row, 'end')}>
              End at playhead
            </button>
          </>
        )}
      </div>
    </div>
  );
}
