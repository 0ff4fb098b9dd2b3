import { memo } from 'react';
import { AssistantMessage } from './AssistantMessage';
import type { Message } from '../../shared/domain/conversation';
import { UserMessage } from './UserMessage';

interface Props {
  message: Message;
  conversationId: string;
  isLast: boolean;
  busy: boolean;
}

/** Memoised: a finished message renders again only when it changes, not when a reply streams. */
export const MessageItem = memo(function MessageItem({ message, conversationId, isLast, busy }: Props) {
  return (
    <div className="message-row">
      {message.role === 'user' ? (
        <UserMessage message={message} conversationId={conversationId} busy={busy} />
      ) : (
        <AssistantMessage message={message} conversationId={conversationId} isLast={isLast} />
      )}
    </div>
  );
});
