import { useTranslation } from 'react-i18next';
import { diskRefusalWords, keptWords } from '../common/disk-refusal';
import { useEditor } from './view';

/** Edits main holds but could not write yet: the page's copy is not the only one, and the user is told why and what to do. */
export function NotWritten() {
  const { t } = useTranslation('editor');
  const refusal = useEditor((view) => view.notWritten);
  if (!refusal) return null;
  return (
    <div className="notice warning" role="alert">
      <p className="notice-title">{t('problem.notWritten')} {keptWords()}</p>
      <p>{diskRefusalWords(refusal)}</p>
    </div>
  );
}
