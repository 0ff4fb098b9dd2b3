import { Trans, useTranslation } from 'react-i18next';
import type { Attachment } from '../../shared/domain/conversation';
import { useNavigation } from '../navigation';

/** What the model is given besides the messages: a transcript in the system prompt, and the way back to it. */
export function AttachedTranscript({ attachment }: { attachment: Attachment }) {
  const { t } = useTranslation('chat');
  return (
    <div className="attached" role="note" aria-label={t('attached.label')}>
      <span className="attached-label">
        <Trans
          t={t}
          i18nKey="attached.transcript"
          values={{ file: attachment.fileName, words: t('attached.words', { count: attachment.words }) }}
          components={{ 1: <strong title={attachment.fileName} translate="no" dir="auto" /> }}
        />
      </span>
      <button type="button" className="link" onClick={() => useNavigation.getState().openTranscript(attachment.id)}>
        {t('attached.open')}
      </button>
    </div>
  );
}
