import type { Usage } from '../../shared/domain/chat';
import { type Message, canContinue } from '../../shared/domain/conversation';
import { openSettings } from '../navigation';
import { CopyButton } from '../common/CopyButton';
import { FailureNotice } from '../common/FailureNotice';
import { guidanceFor } from '../common/failure-guidance';
import { JsonReply } from './JsonReply';
import { LongText } from './LongText';
import { Markdown } from './markdown/Markdown';
import { useChat } from './store';
import { ToolCalls } from './ToolCalls';
import { VersionSwitch } from './VersionSwitch';

interface Props {
  message: Message;
  conversationId: string;
  isLast: boolean;
}

const ENDINGS: Partial<Record<Message['state'], string>> = {
  stopped: 'Stopped',
  interrupted: 'Interrupted',
  truncated: 'Cut short',
};

/** Nobody pressed Stop on these replies, so each says what happened to it. */
const WHY: Partial<Record<Message['state'], string>> = {
  interrupted: 'Confab closed before this reply finished.',
  truncated: 'The reply reached the maximum number of tokens.',
};

function UsageLine({ usage }: { usage: Usage }) {
  return (
    <span className="usage" title="Tokens counted by the service for this reply">
      {usage.prompt_tokens} prompt + {usage.completion_tokens} completion = {usage.total_tokens} tokens
    </span>
  );
}

export function AssistantMessage({ message, conversationId, isLast }: Props) {
  // Only the reply main is writing reads the running text, so a fragment re-renders nothing else.
  const live = useChat((s) => {
    const run = s.running[conversationId];
    return run?.messageId === message.id ? run.text : null;
  });
  const streaming = live !== null;
  // Saved while streaming, and main is not writing it: the app closed mid-reply.
  const state = message.state === 'streaming' && !streaming ? 'interrupted' : message.state;
  const text = live ?? message.content;
  const regenerate = () => useChat.getState().regenerate(conversationId);
  const ending = ENDINGS[state];
  const continueReply = () => useChat.getState().continueReply(conversationId, message.id);
  // A JSON-mode conversation's replies are checked and formatted; a reply that only asks for tools is not one.
  const jsonMode = useChat((s) => s.conversations.find((c) => c.id === conversationId)?.options.jsonMode ?? false);
  const step = useChat((s) => s.steps[message.id]);
  const calls = message.toolCalls ?? [];
  const asJson = jsonMode && calls.length === 0 && !(streaming && !text);
  const stepLimit = message.failure?.reason === 'tool_step_limit';
  // A tool step is complete while the reply goes on: nothing to regenerate until it ends.
  const replying = useChat((s) => conversationId in s.running);

  return (
    <article className="message assistant" aria-label="Reply" aria-busy={streaming}>
      {step && (
        <p className="step-counter">
          Step {step.step} of {step.maxSteps}
        </p>
      )}
      {asJson ? (
        <JsonReply text={text} streaming={streaming} createdAt={message.createdAt} />
      ) : (
        (text || calls.length === 0) && (
          <LongText id={message.id} live={streaming}>
            <div className={streaming ? 'markdown streaming' : 'markdown'} data-testid="message-text">
              <Markdown text={text} streaming={streaming} />
            </div>
          </LongText>
        )
      )}
      {streaming && !text && <p className="hint waiting">{step ? 'Waiting for the next step…' : 'Waiting for the reply…'}</p>}
      {calls.length > 0 && <ToolCalls calls={calls} conversationId={conversationId} />}
      {message.failure &&
        (stepLimit ? (
          <div className="notice error" role="alert">
            <p className="notice-title">Stopped after {step?.maxSteps ?? 'the maximum number of'} tool steps</p>
            <p>{guidanceFor(message.failure).detail}</p>
          </div>
        ) : (
          <FailureNotice failure={message.failure} onSettings={openSettings} onRetry={isLast ? regenerate : undefined} />
        ))}
      {!streaming && (
        <div className="message-actions">
          <VersionSwitch message={message} conversationId={conversationId} disabled={replying} />
          {ending && <span className="badge ending">{ending}</span>}
          {WHY[state] && <span>{WHY[state]}</span>}
          {text && !asJson && <CopyButton label="Copy message" text={() => text} />}
          {/* A failed reply offers Retry in its notice instead. */}
          {isLast && !message.failure && !replying && (
            <button type="button" className="small secondary" aria-label="Regenerate reply" title="Regenerate reply" onClick={regenerate}>
              Regenerate
            </button>
          )}
          {isLast && !replying && canContinue({ ...message, state }) && (
            <button type="button" className="small secondary" title="Ask the model to go on from where this reply ended" onClick={continueReply}>
              Continue
            </button>
          )}
          {message.usage && <UsageLine usage={message.usage} />}
        </div>
      )}
    </article>
  );
}
