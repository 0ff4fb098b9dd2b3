import { useTranslation } from 'react-i18next';
import type { Usage } from '../../shared/domain/chat';
import { type Message, canContinue } from '../../shared/domain/conversation';
import { openSettings } from '../navigation';
import { SwitchToFree } from '../settings';
import { CopyButton } from '../common/CopyButton';
import { FailureNotice } from '../common/FailureNotice';
import { useFormats } from '../i18n';
import { useCitedTranscript } from './cited-rows';
import { JsonReply } from './JsonReply';
import { LongText } from './LongText';
import { Markdown } from './markdown/Markdown';
import { useChat } from './store';
import { ToolCalls } from './ToolCalls';
import { PinButton, SentNotice } from './ContextMarks';
import { BranchFromHere, BranchSwitch, VersionSwitch } from './VersionSwitch';

interface Props {
  message: Message;
  conversationId: string;
  isLast: boolean;
}

const ENDINGS = {
  stopped: 'message.stopped',
  interrupted: 'message.interrupted',
  truncated: 'message.truncated',
} as const satisfies Partial<Record<Message['state'], string>>;

/** Nobody pressed Stop on these replies, so each says what happened to it. */
const WHY = {
  interrupted: 'message.whyInterrupted',
  truncated: 'message.whyTruncated',
} as const satisfies Partial<Record<Message['state'], string>>;

const isIn = <T extends object>(record: T, state: string): state is Extract<keyof T, string> => state in record;

function UsageLine({ usage }: { usage: Usage }) {
  const { t } = useTranslation('chat');
  const format = useFormats();
  return (
    <span className="usage" title={t('message.usageTitle')}>
      {t('message.usage', { prompt: format.number(usage.prompt_tokens), completion: format.number(usage.completion_tokens), total: format.number(usage.total_tokens) })}
    </span>
  );
}

export function AssistantMessage({ message, conversationId, isLast }: Props) {
  const { t } = useTranslation('chat');
  // Only the reply main is writing reads the running text, so a fragment re-renders nothing else.
  const live = useChat((s) => {
    const run = s.running[conversationId];
    return run?.messageId === message.id ? run.text : null;
  });
  const streaming = live !== null;
  // Saved while streaming, and main is not writing it: the app closed mid-reply.
  const state = message.state === 'streaming' && !streaming ? 'interrupted' : message.state;
  const text = live ?? message.content;
  // An answer about a transcript: its row ids link to their moments, as main checked them.
  const cited = useCitedTranscript(conversationId, message.id, message.content, streaming);
  const regenerate = () => useChat.getState().regenerate(conversationId);
  const ending = isIn(ENDINGS, state) ? t(ENDINGS[state]) : null;
  const why = isIn(WHY, state) ? t(WHY[state]) : null;
  const continueReply = () => useChat.getState().continueReply(conversationId, message.id);
  // A JSON-mode conversation's replies are checked and formatted; a reply that only asks for tools is not one.
  const jsonMode = useChat((s) => s.conversations.find((c) => c.id === conversationId)?.options.jsonMode ?? false);
  const step = useChat((s) => s.steps[message.id]);
  const calls = message.toolCalls ?? [];
  const asJson = jsonMode && calls.length === 0 && !(streaming && !text);
  const stepLimit = message.failure?.reason === 'tool_step_limit';
  // A tool step is complete while the reply goes on: nothing to regenerate until it ends.
  const replying = useChat((s) => conversationId in s.running);
  // A tool call waiting for the user's decision: the reply waits for them, not they for it.
  const awaitsUser = useChat((s) => (s.running[conversationId]?.approvals.length ?? 0) > 0);
  const format = useFormats();

  return (
    <article className="message assistant" aria-label={t('message.reply')} aria-busy={streaming}>
      {step && <p className="step-counter">{t('message.step', { step: format.number(step.step), max: format.number(step.maxSteps) })}</p>}
      {asJson ? (
        <JsonReply text={text} streaming={streaming} createdAt={message.createdAt} />
      ) : (
        (text || calls.length === 0) && (
          <LongText id={message.id} live={streaming}>
            <div className={streaming ? 'markdown streaming' : 'markdown'} data-testid="message-text" dir="auto" translate="no">
              <Markdown text={text} streaming={streaming} cited={cited} />
            </div>
          </LongText>
        )
      )}
      {streaming && !text && !awaitsUser && <p className="hint waiting">{step ? t('message.waitingStep') : t('message.waiting')}</p>}
      {calls.length > 0 && <ToolCalls calls={calls} conversationId={conversationId} />}
      {message.failure &&
        (stepLimit ? (
          <div className="notice error" role="alert">
            <p className="notice-title">{step ? t('message.stepLimit', { count: step.maxSteps }) : t('message.stepLimitUnknown')}</p>
            {/* Main's message names the tools for its log; the page says what it means for the user. */}
            <p>{t('message.stepLimitDetail')}</p>
          </div>
        ) : (
          <FailureNotice failure={message.failure} onSettings={openSettings} onRetry={isLast ? regenerate : undefined}>
            <SwitchToFree failure={message.failure} />
          </FailureNotice>
        ))}
      {!streaming && (
        <div className="message-actions">
          <BranchSwitch message={message} conversationId={conversationId} disabled={replying} />
          <VersionSwitch message={message} conversationId={conversationId} disabled={replying} />
          {ending && <span className="badge ending">{ending}</span>}
          {why && <span>{why}</span>}
          {text && !asJson && <CopyButton label={t('message.copy')} text={() => text} />}
          {/* A failed reply offers Retry in its notice instead. */}
          {isLast && !message.failure && !replying && (
            <button type="button" className="small secondary" aria-label={t('message.regenerateLabel')} title={t('message.regenerateLabel')} onClick={regenerate}>
              {t('message.regenerate')}
            </button>
          )}
          {isLast && !replying && canContinue({ ...message, state }) && (
            <button type="button" className="small secondary" title={t('message.continueTitle')} onClick={continueReply}>
              {t('message.continue')}
            </button>
          )}
          {text && <PinButton message={message} conversationId={conversationId} />}
          {!replying && <BranchFromHere message={message} conversationId={conversationId} disabled={false} />}
          {message.usage && <UsageLine usage={message.usage} />}
        </div>
      )}
      {!streaming && <SentNotice message={message} conversationId={conversationId} isLast={isLast} />}
    </article>
  );
}
