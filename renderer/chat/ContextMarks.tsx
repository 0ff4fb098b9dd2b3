import { useTranslation } from 'react-i18next';
import type { Message } from '../../shared/domain/conversation';
import { useFormats } from '../i18n';
import { pinMessage, useContextPlan, useLeftOut } from './context-plan';

const TOO_BIG = { system_prompt: 'context.tooBig.system_prompt', pinned: 'context.tooBig.pinned', message: 'context.tooBig.message' } as const;

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
export function SentNotice({ message }: { message: Message }) {
  const { t } = useTranslation('chat');
  const format = useFormats();
  if (!message.sent) return null;
  if (message.sent.tooBig) {
    return (
      <p className="hint sent-notice" role="note">
        {t(TOO_BIG[message.sent.tooBig])}
      </p>
    );
  }
  const values = { messages: format.number(message.sent.messages), of: format.number(message.sent.of), tokens: format.number(message.sent.tokens) };
  return (
    <p className="hint sent-notice" role="note">
      {message.sent.cut ? t('context.cut', values) : t('context.sentPart', values)}
    </p>
  );
}

/** The composer's line: what the next request will carry ("last 40 of 212 messages · ~31k tokens"). */
export function NextRequestLine({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('chat');
  const format = useFormats();
  const plan = useContextPlan(conversationId);
  if (!plan) return null;
  const values = { messages: format.number(plan.messages), of: format.number(plan.of), tokens: format.number(plan.tokens) };
  return (
    <p className="hint next-request" data-testid="next-request">
      {plan.messages < plan.of ? t('context.nextPart', values) : t('context.nextAll', values)}
      {plan.budget === 'settings' && ` · ${t('context.bySettings')}`}
    </p>
  );
}
