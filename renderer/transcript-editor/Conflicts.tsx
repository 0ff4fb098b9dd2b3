import type { EditRefusal } from '../../shared/contract/transcriptEditor';
import { CopyButton } from '../common/CopyButton';
import { keepTheirs, saveMine, useEditor } from './store';

function what(conflict: EditRefusal): string {
  const row = conflict.row === null ? 'A row' : `Row ${conflict.row + 1}`;
  switch (conflict.code) {
    case 'document_changed':
      return `${row} could not be saved: this transcript was changed in another window or tab, and this window has reloaded it.`;
    case 'row_changed': {
      const moved = conflict.now !== null && conflict.now !== conflict.row ? ` (now row ${conflict.now + 1})` : '';
      return `${row}${moved} was changed in another window or tab while you were editing it here, so your change was not saved over it.`;
    }
  }
}

/**
 * Edits main refused because another window changed their row first: the refused text stays
 * here until the user copies it, saves it over the other change, or keeps the other change.
 */
export function Conflicts() {
  const conflicts = useEditor((view) => view.conflicts);
  if (!conflicts.length) return null;
  return (
    <div className="notice error" role="alert">
      {conflicts.map((conflict, i) => {
        const canSave = conflict.code === 'row_changed' && conflict.now !== null && conflict.text !== null;
        return (
          <div key={`${conflict.row}-${i}`} className="ed-conflict">
            <p className="notice-title">{what(conflict)}</p>
            {conflict.text !== null && (
              <>
                <p>What you typed:</p>
                <blockquote className="ed-unsaved">{conflict.text}</blockquote>
                <CopyButton label="Copy what you typed" text={() => conflict.text!} />
              </>
            )}
            <div className="ed-conflict-choices">
              {canSave && (
                <button type="button" className="small" onClick={() => saveMine(conflict)}>
                  Use mine
                </button>
              )}
              <button type="button" className="small secondary" onClick={() => keepTheirs(conflict)}>
                {conflict.text === null ? 'Dismiss' : 'Keep theirs'}
              </button>
            </div>
          </div>
        );
      })}
    </div>
  );
}
