import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationEstimate } from '../../shared/contract/translation';
import { problemText } from '../common/problem-text';
import { type Only, estimateTranslation, startTranslation } from './store';

interface Props {
  transcriptId: string;
  language: string;
  languageName: string;
  only: Only;
  onDone(): void;
}

/**
 * Before a translation starts: main's estimate of what leaves the machine (the whole text, the
 * synopsis, names and terms, speakers) and the tokens, with Start and Cancel.
 */
export function EstimateBox({ transcriptId, language, languageName, only, onDone }: Props) {
  const { t, i18n } = useTranslation('transcription');
  const [estimate, setEstimate] = useState<TranslationEstimate | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [starting, setStarting] = useState(false);
  useEffect(() => {
    estimateTranslation(transcriptId, language, only).then(setEstimate, setProblem);
  }, [transcriptId, language, only]);
  const count = (n: number) => n.toLocaleString(i18n.language);
  const start = () => {
    setStarting(true);
    startTranslation(transcriptId, language, only).then(onDone, (error: unknown) => {
      setProblem(error);
      setStarting(false);
    });
  };
  return (
    <div className="notice translation-estimate" role="group" aria-label={t('translation.estimateLabel', { language: languageName })}>
      {!estimate && problem === null && <p className="hint">{t('translation.estimating')}</p>}
      {estimate && (
        <>
          <p>{t(only === 'all' ? 'translation.estimateAll' : 'translation.estimateUnfinished', { language: languageName, rows: count(estimate.rows) })}</p>
          <p>{t('translation.leaves')}</p>
          <ul className="translation-sends">
            <li>{t('translation.sendsText', { characters: count(estimate.characters) })}</li>
            {estimate.sends.synopsis && <li>{t('translation.sendsSynopsis')}</li>}
            {estimate.sends.glossaryEntries > 0 && <li>{t('translation.sendsGlossary', { n: estimate.sends.glossaryEntries })}</li>}
            {estimate.sends.speakers > 0 && <li>{t('translation.sendsSpeakers', { n: estimate.sends.speakers })}</li>}
          </ul>
          <p>{t('translation.tokens', { tokens: count(estimate.tokens), batches: count(estimate.batches) })}</p>
        </>
      )}
      {problem !== null && (
        <p className="field-error" role="alert">
          {problemText(problem)}
        </p>
      )}
      <div className="actions">
        <button type="button" className="small" disabled={!estimate || starting} onClick={start}>
          {t('translation.start')}
        </button>
        <button type="button" className="secondary small" disabled={starting} onClick={onDone}>
          {t('translation.cancel')}
        </button>
      </div>
    </div>
  );
}
