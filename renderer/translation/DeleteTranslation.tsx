import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../common/problem-text';
import { removeTranslation } from './store';

/** Delete, after a confirmation (the user's edits go with it), as a transcript's Delete asks; main's refusal said. */
export function DeleteTranslation({ languageName }: { languageName: string }) {
  const { t } = useTranslation('transcription');
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  const remove = async () => {
    try {
      await removeTranslation();
    } catch (error) {
      setProblem(error);
    }
  };
  return (
    <>
      {confirming ? (
        <span className="confirm-inline" role="group" aria-label={t('translation.delete')}>
          <span>{t('translation.deleteConfirm', { language: languageName })}</span>
          <button type="button" className="small danger" onClick={() => void remove()}>
            {t('translation.deleteYes')}
          </button>
          <button type="button" className="small secondary" onClick={() => (setConfirming(false), setProblem(null))}>
            {t('translation.deleteKeep')}
          </button>
        </span>
      ) : (
        <button type="button" className="secondary small" onClick={() => setConfirming(true)}>
          {t('translation.delete')}
        </button>
      )}
      {problem !== null && (
        <p className="field-error" role="alert">
          {t('translation.notDeleted', { problem: problemText(problem) })}
        </p>
      )}
    </>
  );
}
