import { useState } from 'react';
import { CopyButton } from '../common/CopyButton';
import { EditMessage } from './EditMessage';
import { LongText } from './LongText';
import type { Message } from '../../shared/domain/conversation';

interface Props {
  message: Message;
  conversationId: string;
  /** A reply is being written: editing would have to replace it, so wait. */
  busy: boolean;
}

export function UserMessage({ message, conversationId, busy }: Props) {
  const [editing, setEditing] = useState(false);
  if (editing) return <EditMessage message={message} conversationId={conversationId} onClose={() => setEditing(false)} />;
  return (
    <article className="message user" aria-label="Your message">
      <div className="bubble">
        <LongText id={message.id}>
          <div data-testid="message-text">{message.content}</div>
        </LongText>
      </div>
      <div className="message-actions">
        <CopyButton label="Copy message" text={() => message.content} />
        <button
          type="button"
          className="small secondary"
          aria-label="Edit message"
          title={busy ? 'Wait for the reply to finish, or stop it, to edit' : 'Edit and resend'}
          disabled={busy}
          onClick={() => setEditing(true)}
        >
          Edit
        </button>
      </div>
    </article>
  );
}
