import { useTranslation } from 'react-i18next';
import type { Message } from '../../shared/domain/conversation';
import { useFormats } from '../i18n';
import { useChat } from './store';

/**
 * "‹ Version 2 of 3 ›" under a reply written more than once; the version shown is the conversation's.
 * ‹ and › are mirrored characters: in a right-to-left page the bidi algorithm turns them, so Previous points right.
 */
export function VersionSwitch({ message, conversationId, disabled }: { message: Message; conversationId: string; disabled: boolean }) {
  const { t } = useTranslation('chat');
  const format = useFormats();
  const { versions } = message;
  if (!versions) return null;
  const total = versions.others.length + 1;
  const at = versions.position;
  const show = (index: number) => void useChat.getState().showVersion(conversationId, message.id, index);
  return (
    <span className="versions" role="group" aria-label={t('versions.group')}>
      <button type="button" className="small secondary" aria-label={t('versions.previous')} disabled={disabled || at === 0} onClick={() => show(at - 1)}>
        ‹
      </button>
      <span>{t('versions.position', { at: format.number(at + 1), total: format.number(total) })}</span>
      <button type="button" className="small secondary" aria-label={t('versions.next')} disabled={disabled || at === total - 1} onClick={() => show(at + 1)}>
        ›
      </button>
    </span>
  );
}
