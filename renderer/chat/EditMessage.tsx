import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHORTCUTS } from '../common/shortcuts';
import { useChat } from './store';
import type { Message } from '../../shared/domain/conversation';
import { textDirection } from './text-direction';

interface Props {
  message: Message;
  conversationId: string;
  onClose(): void;
}

export function EditMessage({ message, conversationId, onClose }: Props) {
  const { t } = useTranslation('chat');
  const noteId = useId();
  const [text, setText] = useState(message.content);

  const resend = () => {
    if (useChat.getState().editAndResend(conversationId, message.id, text)) onClose();
  };

  return (
    <form
      className="message user editing"
      aria-label={t('message.editLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        resend();
      }}
    >
      <textarea
        aria-label={t('edit.field')}
        aria-describedby={noteId}
        aria-keyshortcuts={`${SHORTCUTS.send.aria} ${SHORTCUTS.newLine.aria} ${SHORTCUTS.stop.aria}`}
        value={text}
        dir={textDirection(text)}
        autoFocus
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            resend();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onClose();
          }
        }}
      />
      <p className="hint" id={noteId}>
        {t('edit.keepsOld')}
      </p>
      <div className="actions">
        <button type="submit" className="small" disabled={!text.trim()} title={t('edit.resendTitle', { shortcut: SHORTCUTS.send.label })}>
          {t('edit.resend')}
        </button>
        <button type="button" className="small secondary" title={t('edit.cancelTitle', { shortcut: SHORTCUTS.stop.label })} onClick={onClose}>
          {t('edit.cancel')}
        </button>
      </div>
    </form>
  );
}
