import { useTranslation } from 'react-i18next';
import type { Message } from '../../shared/domain/conversation';
import { useChat } from './store';
import './tools.css';

const OUTCOMES = {
  ok: { label: 'tools.result', of: 'tools.resultOf', className: 'ok' },
  error: { label: 'tools.error', of: 'tools.errorOf', className: 'error' },
  denied: { label: 'tools.denied', of: 'tools.deniedOf', className: 'denied' },
} as const;

/** Short results show at once; a long one opens on request. */
const OPEN_UP_TO = 600;

/** What a tool call came to: its result, its error, or the denial the model was told, under the call's name. */
export function ToolMessage({ message, conversationId }: { message: Message; conversationId: string }) {
  const { t } = useTranslation('chat');
  const call = useChat((s) => {
    const conversation = s.conversations.find((c) => c.id === conversationId);
    return conversation?.messages.findLast((m) => m.toolCalls?.some((c) => c.id === message.toolCallId))?.toolCalls?.find(
      (c) => c.id === message.toolCallId,
    );
  });
  const outcome = OUTCOMES[message.toolOutcome ?? 'ok'];
  const name = call?.tool?.name ?? call?.name ?? t('tools.unnamed');

  return (
    <article className={`tool-result ${outcome.className}`} aria-label={t(outcome.of, { tool: name })}>
      <details open={message.content.length <= OPEN_UP_TO}>
        <summary>
          <span className={`badge outcome-${outcome.className}`}>{t(outcome.label)}</span>{' '}
          <span className="mono" translate="no" dir="ltr">
            {name}
          </span>
          {call?.tool && <span className="hint"> {t('tools.onServer', { server: call.tool.serverName })}</span>}
          {message.toolOutcome === 'denied' && <span className="hint"> {t('tools.declinedNote')}</span>}
          {message.toolOutcome === 'error' && <span className="hint"> {t('tools.failedNote')}</span>}
        </summary>
        <pre className="tool-result-content" tabIndex={0} dir="ltr">
          {message.content ? <code translate="no">{message.content}</code> : <code>{t('tools.empty')}</code>}
        </pre>
      </details>
    </article>
  );
}
