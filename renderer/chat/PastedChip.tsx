import { MAX_MESSAGE_CHARS } from '../../shared/contract/conversations';
import { counted } from '../../shared/domain/plural';
import { megabytes } from '../../shared/domain/sizes';
import { usePasted } from './pasted';

const count = (n: number) => n.toLocaleString('en');

/** A paste too long for a message, shown as what it is: an attached text the user can save or remove. */
export function PastedChip({ conversationId }: { conversationId: string }) {
  const pasted = usePasted((s) => s.held[conversationId]);
  const staging = usePasted((s) => conversationId in s.staging);
  const note = usePasted((s) => s.notes[conversationId]);
  const { save, remove } = usePasted.getState();
  if (staging) return <p className="hint" role="status">Keeping the pasted text apart…</p>;
  if (!pasted) return note ? <p className="field-error" role="status">{note}</p> : null;
  return (
    <div className="pasted" role="group" aria-label="Pasted text">
      <div className="pasted-chip">
        <span className="pasted-name">
          Pasted text · {megabytes(pasted.size)} · {counted(pasted.lines, { one: 'line', other: 'lines' })}
        </span>
        <button type="button" className="link" onClick={() => void save(conversationId)}>
          Save as file…
        </button>
        <button type="button" className="link" aria-label="Remove the pasted text" onClick={() => void remove(conversationId)}>
          Remove
        </button>
      </div>
      <p className="field-error" role="status">
        {note ??
          `The pasted text has ${count(pasted.characters)} characters; a message can have up to ${count(MAX_MESSAGE_CHARS)}, so it cannot be sent. It stays here until you remove it: save it as a file, or paste a shorter part.`}
      </p>
    </div>
  );
}
