import { memo } from 'react';
import { AssistantMessage } from './AssistantMessage';
import { LeftOutMark } from './ContextMarks';
import type { Message } from '../../shared/domain/conversation';
import { SummaryMessage } from './SummaryMessage';
import { ToolMessage } from './ToolMessage';
import { SentItems } from './SentItems';
import { UserMessage } from './UserMessage';

interface Props {
  message: Message;
  conversationId: string;
  isLast: boolean;
  busy: boolean;
  /** Just found by a search: marked for a moment so the eye finds it. */
  highlighted: boolean;
}

/** Memoised: a finished message renders again only when it changes, not when a reply streams. */
export const MessageItem = memo(function MessageItem({ message, conversationId, isLast, busy, highlighted }: Props) {
  return (
    <div className={highlighted ? 'message-row highlighted' : 'message-row'} data-highlighted={highlighted || undefined}>
      <LeftOutMark message={message} conversationId={conversationId} />
      {message.summary ? (
        <SummaryMessage message={message} conversationId={conversationId} busy={busy} />
      ) : message.role === 'user' ? (
        <UserMessage message={message} conversationId={conversationId} busy={busy} />
      ) : message.role === 'tool' ? (
        <ToolMessage message={message} conversationId={conversationId} />
      ) : (
        <AssistantMessage message={message} conversationId={conversationId} isLast={isLast} />
      )}
      <SentItems message={message} conversationId={conversationId} />
    </div>
  );
});
