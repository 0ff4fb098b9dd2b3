import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../common/problem-text';
import type { Message } from '../../shared/domain/conversation';
import { useFormats } from '../i18n';
import { pinMessage, summarizeLeftOut, useContextPlan, useLeftOut } from './context-plan';
import { useChat } from './store';

const TOO_BIG = { system_prompt: 'context.tooBig.system_prompt', attached: 'context.tooBig.attached', pinned: 'context.tooBig.pinned', message: 'context.tooBig.message' } as const;

/** Pin: the message is always sent, whatever the context budget (main keeps the pin). */
export function PinButton({ message, conversationId }: { message: Message; conversationId: string }) {
  const { t } = useTranslation('chat');
  const pinned = message.pinned === true;
  const toggle = () => pinMessage(conversationId, message.id, !pinned);
  return (
    <button type="button" className="small secondary" aria-pressed={pinned} title={t('context.pinTitle')} onClick={toggle}>
      {pinned ? t('context.unpin') : t('context.pin')}
    </button>
  );
}

/** Said above a message the next request leaves out, in words (not only a colour). */
export function LeftOutMark({ message, conversationId }: { message: Message; conversationId: string }) {
  const { t } = useTranslation('chat');
  const leftOut = useLeftOut(conversationId, message.id);
  return leftOut ? <p className="hint left-out">{t('context.leftOut')}</p> : null;
}

/** On a reply whose request left messages out: how much it carried, and whether the model's limit did it. */
export function SentNotice({ message, conversationId, isLast }: { message: Message; conversationId: string; isLast: boolean }) {
  const { t } = useTranslation('chat');
  const format = useFormats();
  const { sent } = message;
  if (!sent) return null;
  if (sent.tooBig) {
    const { item } = sent;
    return (
      <div className="sent-notice" role="note">
        <p className="hint">{t(TOO_BIG[sent.tooBig], { name: item?.name })}</p>
        {item && isLast && <TooBigChoices conversationId={conversationId} item={item} />}
      </div>
    );
  }
  const values = { messages: format.number(sent.messages), of: format.number(sent.of), tokens: format.number(sent.tokens), covers: format.number(sent.summary ?? 0) };
  // A summary went in place of the left-out ones: the note says so ("… and a summary of 51").
  const part = sent.summary === undefined ? (sent.cut ? 'context.cut' : 'context.sentPart') : sent.cut ? 'context.cutSummary' : 'context.sentSummary';
  return (
    <p className="hint sent-notice" role="note">
      {[sent.messages >= sent.of ? '' : t(part, values), sent.firstPartOf ? t('context.firstPartSent', { name: sent.firstPartOf }) : '']
        .filter(Boolean)
        .join(' ')}
    </p>
  );
}

/**
 * An item too long by itself: main cuts it to what the model takes, or summarizes it (in parts,
 * which takes a while: the button says so), and answers the last message again.
 */
function TooBigChoices({ conversationId, item }: { conversationId: string; item: { id: string; name: string } }) {
  const { t } = useTranslation('chat');
  const running = useChat((s) => !!s.running[conversationId]);
  const [summarizing, setSummarizing] = useState(false);
  const summary = () => setSummarizing(useChat.getState().sendSummary(conversationId, item.id));
  return (
    <div className="actions">
      <button type="button" className="small secondary" disabled={running} onClick={() => useChat.getState().sendFirstPart(conversationId, item.id)}>
        {t('context.sendFirstPart', { name: item.name })}
      </button>
      <button type="button" className="small secondary" disabled={running} aria-busy={running && summarizing} onClick={summary}>
        {running && summarizing ? t('context.summarizing') : t('context.sendSummary', { name: item.name })}
      </button>
    </div>
  );
}

/** The composer's line: what the next request will carry ("last 40 of 212 messages · ~31k tokens"). */
export function NextRequestLine({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('chat');
  const format = useFormats();
  const plan = useContextPlan(conversationId);
  if (!plan) return null;
  const values = { messages: format.number(plan.messages), of: format.number(plan.of), tokens: format.number(plan.tokens), covers: format.number(plan.summary?.covers ?? 0) };
  const line = plan.summary ? t('context.nextSummary', values) : plan.messages < plan.of ? t('context.nextPart', values) : t('context.nextAll', values);
  return (
    <div className="next-request">
      <p className="hint" data-testid="next-request">
        {line}
        {plan.budget === 'settings' && ` · ${t('context.bySettings')}`}
      </p>
      <SummarizeButton key={conversationId} conversationId={conversationId} newer={plan.summary ? plan.summary.newer : plan.leftOut.size} again={!!plan.summary} />
    </div>
  );
}

/**
 * Summarize earlier messages: main summarizes what the next request leaves out (not yet in a
 * summary) and sends the summary in their place; the summary arrives as a message of its own.
 */
function SummarizeButton({ conversationId, newer, again }: { conversationId: string; newer: number; again: boolean }) {
  const { t } = useTranslation('chat');
  const format = useFormats();
  const [state, setState] = useState<{ working: boolean; problem?: unknown }>({ working: false });
  if (newer === 0) return null;
  const summarize = () => {
    setState({ working: true });
    summarizeLeftOut(conversationId).then(
      () => setState({ working: false }),
      (problem: unknown) => setState({ working: false, problem }),
    );
  };
  const count = format.number(newer);
  return (
    <p className="hint summarize">
      {again && `${t('context.newerThanSummary', { n: count })} `}
      <button type="button" className="small secondary" disabled={state.working} aria-busy={state.working} onClick={summarize}>
        {state.working ? t('context.summarizing') : again ? t('context.summarizeAgain') : t('context.summarize', { n: count })}
      </button>
      {state.problem !== undefined && <span role="alert"> {problemText(state.problem)}</span>}
    </p>
  );
}
