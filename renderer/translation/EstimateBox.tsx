import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GlossaryEntry, TranslationEstimate } from '../../shared/contract/translation';
import { problemText } from '../common/problem-text';
import { Glossary } from './Glossary';
import { type Only, estimateTranslation, glossaryOf, saveGlossaryBefore, startTranslation } from './store';

interface Props {
  transcriptId: string;
  language: string;
  languageName: string;
  only: Only;
  onDone(): void;
}

/**
 * Before a translation starts: main's estimate of what leaves the machine (the whole text, the
 * synopsis, names and terms, speakers) and the tokens, with Start and Cancel. A new language's
 * names and terms are added here, so every batch carries them from the first; the estimate is
 * asked again as they change.
 */
export function EstimateBox({ transcriptId, language, languageName, only, onDone }: Props) {
  const { t, i18n } = useTranslation('transcription');
  const [estimate, setEstimate] = useState<TranslationEstimate | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [starting, setStarting] = useState(false);
  // Only a start of the whole translation: Translate again shows the open translation's own Names and terms.
  const [entries, setEntries] = useState<GlossaryEntry[] | null>(null);
  const [kept, setKept] = useState(0);
  useEffect(() => {
    estimateTranslation(transcriptId, language, only).then(setEstimate, setProblem);
  }, [transcriptId, language, only, kept]);
  useEffect(() => {
    if (only === 'all') glossaryOf(transcriptId, language).then(setEntries, setProblem);
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
      {entries && <Glossary entries={entries} save={async (next) => {
            setEntries(await saveGlossaryBefore(transcriptId, language, next));
            setKept((n) => n + 1);
          }} />}
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
