import { useTranslation } from 'react-i18next';
import { diskRefusalWords, keptWords } from '../common/disk-refusal';
import { problemText, problemWords } from '../common/problem-text';
import type { ProblemData } from '../../shared/domain/problem';
import { type Formats, useFormats } from '../i18n';
import type { StorageWords } from './chat-state';
import { useChat } from './store';

const FAILED = {
  start: 'storage.start',
  save: 'storage.save',
  read: 'storage.read',
  open: 'storage.open',
  send: 'storage.send',
  version: 'storage.version',
  branch: 'storage.branch',
  branchFrom: 'storage.branchFrom',
} as const;

/** Main's account of the history at start, part by part; `date` is a moment in epoch ms, other numbers are counts. */
const statusText = (problems: ProblemData[], format: Formats) =>
  problems
    .map((problem) => {
      const values = Object.fromEntries(
        Object.entries(problem.values).map(([name, value]) => [name, typeof value !== 'number' ? value : name === 'date' ? format.dateTime(value) : format.number(value)]),
      );
      return problemWords({ code: problem.code, values });
    })
    .join(' ');

function useStorageText(): (words: StorageWords) => string {
  const { t } = useTranslation('chat');
  const format = useFormats();
  return (words) => {
    switch (words.cause) {
      case 'status':
        return statusText(words.problems, format);
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
