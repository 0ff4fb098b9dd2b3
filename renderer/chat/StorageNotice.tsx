import { useTranslation } from 'react-i18next';
import { diskRefusalWords, keptWords } from '../common/disk-refusal';
import { problemText } from '../common/problem-text';
import type { StorageWords } from './chat-state';
import { useChat } from './store';

const FAILED = {
  start: 'storage.start',
  save: 'storage.save',
  read: 'storage.read',
  open: 'storage.open',
  send: 'storage.send',
  version: 'storage.version',
} as const;

function useStorageText(): (words: StorageWords) => string {
  const { t } = useTranslation('chat');
  return (words) => {
    switch (words.cause) {
      case 'status':
        return words.text;
      case 'removed':
        return words.title ? t('storage.removed', { title: words.title }) : t('storage.removedUntitled');
      case 'unsaved':
        return t('storage.unsaved', { why: diskRefusalWords(words.refusal), kept: keptWords() });
      default:
        return t(FAILED[words.cause], { problem: problemText(words.error) });
    }
  };
}

/** Anything wrong with the saved history, said once, plainly, until dismissed or an action of its kind succeeds. */
export function StorageNotice() {
  const { t } = useTranslation('chat');
  const problem = useChat((s) => s.storageProblem);
  const text = useStorageText();
  if (!problem) return null;
  return (
    <div className="notice storage-notice" role="alert">
      <p>{text(problem)}</p>
      <button type="button" className="small secondary" onClick={useChat.getState().dismissStorageProblem}>
        {t('storage.dismiss')}
      </button>
    </div>
  );
}
