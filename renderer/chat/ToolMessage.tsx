import type { Message } from '../../shared/domain/conversation';
import { useChat } from './store';
import './tools.css';

const OUTCOMES = {
  ok: { label: 'Result', className: 'ok' },
  error: { label: 'Error', className: 'error' },
  denied: { label: 'Denied', className: 'denied' },
} as const;

/** Short results show at once; a long one opens on request. */
const OPEN_UP_TO = 600;

/** What a tool call came to: its result, its error, or the denial the model was told, under the call's name. */
export function ToolMessage({ message, conversationId }: { message: Message; conversationId: string }) {
  const call = useChat((s) => {
    const conversation = s.conversations.find((c) => c.id === conversationId);
    return conversation?.messages.findLast((m) => m.toolCalls?.some((c) => c.id === message.toolCallId))?.toolCalls?.find(
      (c) => c.id === message.toolCallId,
    );
  });
  const outcome = OUTCOMES[message.toolOutcome ?? 'ok'];
  const name = call?.tool?.name ?? call?.name ?? 'tool';

  return (
    <article className={`tool-result ${outcome.className}`} aria-label={`${outcome.label} of ${name}`}>
      <details open={message.content.length <= OPEN_UP_TO}>
        <summary>
          <span className={`badge outcome-${outcome.className}`}>{outcome.label}</span> <span className="mono">{name}</span>
          {call?.tool && <span className="hint"> on {call.tool.serverName}</span>}
          {message.toolOutcome === 'denied' && <span className="hint"> · you declined; the model was told it did not run</span>}
          {message.toolOutcome === 'error' && <span className="hint"> · the model was told it failed</span>}
        </summary>
        <pre className="tool-result-content" tabIndex={0}>
          <code>{message.content || '(empty)'}</code>
        </pre>
      </details>
    </article>
  );
}
