import { useId, useState } from 'react';
import { nounFor } from '../../shared/domain/plural';
import { SHORTCUTS } from '../common/shortcuts';
import { useChat } from './store';
import type { Message } from '../../shared/domain/conversation';

interface Props {
  message: Message;
  conversationId: string;
  onClose(): void;
}

/** Says up front what resending costs, in the words a person would use. */
function replacementNote(below: Message[]): string {
  if (below.length === 0) return 'Sending asks for a new reply.';
  const onlyReplies = below.every((m) => m.role === 'assistant');
  const noun = nounFor(below.length, onlyReplies ? { one: 'reply', other: 'replies' } : { one: 'message', other: 'messages' });
  return `Sending replaces the ${below.length === 1 ? '' : `${below.length} `}${noun} below.`;
}

export function EditMessage({ message, conversationId, onClose }: Props) {
  const noteId = useId();
  const [text, setText] = useState(message.content);
  const messages = useChat((s) => s.conversations.find((c) => c.id === conversationId)?.messages);
  const below = messages?.slice(messages.findIndex((m) => m.id === message.id) + 1) ?? [];

  const resend = () => {
    if (useChat.getState().editAndResend(conversationId, message.id, text)) onClose();
  };

  return (
    <form
      className="message user editing"
      aria-label="Edit message"
      onSubmit={(event) => {
        event.preventDefault();
        resend();
      }}
    >
      <textarea
        aria-label="Edited message"
        aria-describedby={noteId}
        aria-keyshortcuts={`${SHORTCUTS.send.aria} ${SHORTCUTS.newLine.aria} ${SHORTCUTS.stop.aria}`}
        value={text}
        autoFocus
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            resend();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onClose();
          }
        }}
      />
      <p className="hint" id={noteId}>
        {replacementNote(below)}
      </p>
      <div className="actions">
        <button type="submit" className="small" disabled={!text.trim()} title={`Resend (${SHORTCUTS.send.label})`}>
          Resend
        </button>
        <button type="button" className="small secondary" title={`Cancel (${SHORTCUTS.stop.label})`} onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
