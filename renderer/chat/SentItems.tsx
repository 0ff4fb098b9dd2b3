import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../shared/domain/conversation';
import { problemText } from '../common/problem-text';
import { useFormats } from '../i18n';
import { chipText } from './chip-facts';
import { useHeld } from './held';

/**
 * The documents and pastes a sent message carried, as main linked them to it: each chip with
 * Save as file (main writes the extracted text) and, where the user chose to send only its
 * beginning or a summary, Send whole to undo that.
 */
export function SentItems({ message, conversationId }: { message: Message; conversationId: string }) {
  const { t } = useTranslation('chat');
  const format = useFormats();
  const [said, setSaid] = useState<{ text: string; failed: boolean } | null>(null);
  if (!message.attached?.length) return null;
  const act = async (work: () => Promise<string | null>, failed: 'held.notSaved' | 'held.notWhole') => {
    try {
      const text = await work();
      setSaid(text === null ? null : { text, failed: false });
    } catch (error) {
      setSaid({ text: t(failed, { problem: problemText(error) }), failed: true });
    }
  };
  const { saveSent, sendWhole } = useHeld.getState();
  const save = (id: string) => act(() => saveSent(conversationId, id), 'held.notSaved');
  // Main changes the item and this message's chip; the message comes back through the watch.
  const whole = (itemId: string) => act(async () => (await sendWhole(conversationId, itemId), null), 'held.notWhole');
  return (
    <div className="pasted sent-items" role="group" aria-label={t('held.sentGroup')}>
      {message.attached.map((item) => (
        <div className="pasted-chip" key={item.id}>
          <span className="pasted-name" title={item.name}>
            {chipText(t, format, item)}
          </span>
          <button type="button" className="link" aria-label={t('held.saveLabel', { name: item.name })} onClick={() => void save(item.id)}>
            {t('held.save')}
          </button>
          {item.firstTokens || item.summaryTokens ? (
            <button type="button" className="link" title={t('held.sendWholeTitle')} onClick={() => void whole(item.id)}>
              {t('held.sendWhole')}
            </button>
          ) : null}
        </div>
      ))}
      {said && (
        <p className={said.failed ? 'field-error' : 'hint'} role="status">
          {said.text}
        </p>
      )}
    </div>
  );
}
