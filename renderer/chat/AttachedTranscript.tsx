import type { Attachment } from '../../shared/domain/conversation';
import { counted } from '../../shared/domain/plural';
import { useNavigation } from '../navigation';

/** What the model is given besides the messages: a transcript in the system prompt, and the way back to it. */
export function AttachedTranscript({ attachment }: { attachment: Attachment }) {
  return (
    <div className="attached" role="note" aria-label="Attached to this chat">
      <span className="attached-label">
        Transcript attached: <strong title={attachment.fileName}>{attachment.fileName}</strong>, {counted(attachment.words, { one: 'word', other: 'words' })}
      </span>
      <button type="button" className="link" onClick={() => useNavigation.getState().openTranscript(attachment.id)}>
        Open the transcript
      </button>
    </div>
  );
}
