import type { Usage } from '../../shared/domain/chat';
import type { Message } from '../../shared/domain/conversation';
import { openSettings } from '../app/navigation';
import { CopyButton } from '../common/CopyButton';
import { FailureNotice } from '../common/FailureNotice';
import { Markdown } from './markdown/Markdown';
import { useChat } from './store';

interface Props {
  message: Message;
  conversationId: string;
  isLast: boolean;
}

const ENDINGS: Partial<Record<Message['state'], string>> = {
  stopped: 'Stopped',
  interrupted: 'Interrupted',
};

function UsageLine({ usage }: { usage: Usage }) {
  return (
    <span className="usage" title="Tokens counted by the service for this reply">
      {usage.prompt_tokens} prompt + {usage.completion_tokens} completion = {usage.total_tokens} tokens
    </span>
  );
}

export function AssistantMessage({ message, conversationId, isLast }: Props) {
  const streaming = message.state === 'streaming';
  // Only the streaming reply reads the running text, so a fragment re-renders nothing else.
  const live = useChat((s) => {
    if (!streaming) return null;
    const run = s.running[conversationId];
    if (run?.messageId === message.id) return run.text;
    // The reply has just ended but this render still holds the streaming message (the list
    // passes the new one a render later): read the committed text, never a blank that would
    // drop and re-parse every block.
    const conversation = s.conversations.find((c) => c.id === conversationId);
    return conversation?.messages.findLast((m) => m.id === message.id)?.content ?? '';
  });
  const text = live ?? message.content;
  const regenerate = () => useChat.getState().regenerate(conversationId);
  const ending = ENDINGS[message.state];

  return (
    <article className="message assistant" aria-label="Reply" aria-busy={streaming}>
      <div className={streaming ? 'markdown streaming' : 'markdown'} data-testid="message-text">
        <Markdown text={text} streaming={streaming} />
      </div>
      {streaming && !text && <p className="hint waiting">Waiting for the reply…</p>}
      {message.failure && (
        <FailureNotice failure={message.failure} onSettings={openSettings} onRetry={isLast ? regenerate : undefined} />
      )}
      {!streaming && (
        <div className="message-actions">
          {ending && <span className="badge ending">{ending}</span>}
          {text && <CopyButton label="Copy message" text={() => text} />}
          {/* A failed reply offers Retry in its notice instead. */}
          {isLast && !message.failure && (
            <button type="button" className="small secondary" aria-label="Regenerate reply" title="Regenerate reply" onClick={regenerate}>
              Regenerate
            </button>
          )}
          {message.usage && <UsageLine usage={message.usage} />}
        </div>
      )}
    </article>
  );
}
