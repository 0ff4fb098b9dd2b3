import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../common/CopyButton';
import { PinButton } from './ContextMarks';
import { EditMessage } from './EditMessage';
import { LongText } from './LongText';
import { BranchFromHere, BranchSwitch } from './VersionSwitch';
import { useChat } from './store';
import type { Message } from '../../shared/domain/conversation';

interface Props {
  message: Message;
  conversationId: string;
  /** A reply is being written: editing would have to replace it, so wait. */
  busy: boolean;
}

export function UserMessage({ message, conversationId, busy }: Props) {
  const { t } = useTranslation('chat');
  const [editing, setEditing] = useState(false);
  if (editing) return <EditMessage message={message} conversationId={conversationId} onClose={() => setEditing(false)} />;
  return (
    <article className="message user" aria-label={t('message.yours')}>
      <div className="bubble">
        <LongText id={message.id}>
          <div data-testid="message-text" dir="auto" translate="no">
            {message.content}
          </div>
        </LongText>
      </div>
      <div className="message-actions">
        <BranchSwitch message={message} conversationId={conversationId} disabled={busy} />
        <CopyButton label={t('message.copy')} text={() => message.content} />
        <button
          type="button"
          className="small secondary"
          aria-label={t('message.editLabel')}
          title={busy ? t('message.editBusy') : t('message.editTitle')}
          disabled={busy}
          onClick={() => setEditing(true)}
        >
          {t('message.edit')}
        </button>
        <button
          type="button"
          className="small secondary"
          aria-label={t('message.retryLabel')}
          title={busy ? t('message.retryBusy') : t('message.retryTitle')}
          disabled={busy}
          onClick={() => useChat.getState().retry(conversationId, message.id)}
        >
          {t('message.retry')}
        </button>
        <PinButton message={message} conversationId={conversationId} />
        <BranchFromHere message={message} conversationId={conversationId} disabled={busy} />
      </div>
    </article>
  );
}
