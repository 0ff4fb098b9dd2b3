import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VirtuosoHandle } from 'react-virtuoso';
import { problemText } from '../common/problem-text';
import { unfinishedOf, useCountsText } from './counts';
import { DeleteTranslation } from './DeleteTranslation';
import { EstimateBox } from './EstimateBox';
import { Glossary } from './Glossary';
import { JobProgress } from './JobProgress';
import { useTargetNames } from './languages';
import { SideBySide } from './SideBySide';
import { type Only, openTranslations, showTranslation, useTranslationJob, useTranslations } from './store';
import { TargetPicker } from './TargetPicker';
import { TranslationExport } from './TranslationExport';
import './translation.css';

/**
 * A transcript's translations: each language's track beside the original rows, a new one picked
 * by name with main's estimate said before it starts, side by side with editing, names and
 * terms, and export. Renders what main answers (docs/architecture/translation.md).
 */
export function TranslationsPanel({ transcriptId }: { transcriptId: string }) {
  const { t } = useTranslation('transcription');
  const id = useId();
  const names = useTargetNames();
  const countsText = useCountsText();
  const { list, language, translation, problem } = useTranslations();
  const job = useTranslationJob();
  const [asking, setAsking] = useState<{ language: string; only: Only } | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const listRef = useRef<VirtuosoHandle>(null);
  useEffect(() => openTranslations(transcriptId), [transcriptId]);
  const rowIndex = useMemo(() => new Map(translation?.rows.map((row, i) => [row.id, i]) ?? []), [translation]);
  const running = job?.state === 'running' || job?.state === 'queued';
  const unfinished = translation ? unfinishedOf(translation.counts) : 0;
  const showRow = (rowId: string) => {
    const index = rowIndex.get(rowId);
    if (index === undefined) return;
    listRef.current?.scrollToIndex({ index, align: 'center' });
    // The row is drawn once scrolled into the virtual list; its field takes the focus then.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`.translated-text[data-row="${rowId}"]`)?.focus());
  };
  return (
    <section className="card translations" aria-labelledby={`${id}-heading`} aria-busy={running}>
      <h2 id={`${id}-heading`}>{t('translation.heading')}</h2>
      {problem !== null && (
        <div className="notice error" role="alert">
          <p>{t('translation.notLoaded', { problem: problemText(problem) })}</p>
        </div>
      )}
      {list && list.length > 0 && (
        <ul className="translation-list">
          {list.map((each) => (
            <li key={each.language}>
              <button type="button" className="link" aria-current={each.language === language} onClick={() => showTranslation(each.language)}>
                {names.name(each.language)}
              </button>{' '}
              <span className="hint">{countsText(each.counts)}</span>
            </li>
          ))}
        </ul>
      )}
      <TargetPicker
        key={pickerKey}
        disabled={asking !== null}
        onPick={(code) => setAsking(code ? { language: code, only: 'all' } : null)}
      />
      {asking && (
        <EstimateBox
          transcriptId={transcriptId}
          language={asking.language}
          languageName={names.name(asking.language)}
          only={asking.only}
          onDone={() => {
            setAsking(null);
            setPickerKey((key) => key + 1);
          }}
        />
      )}
      {language && translation && (
        <div className="translation-open">
          <h3>{names.name(translation.language)}</h3>
          <p className="hint" role="status">
            {countsText(translation.counts)}
          </p>
          <JobProgress job={job} />
          <div className="actions">
            {unfinished > 0 && !running && (
              <button type="button" className="small" disabled={asking !== null} onClick={() => setAsking({ language: translation.language, only: 'unfinished' })}>
                {t('translation.again', { n: unfinished })}
              </button>
            )}
            <DeleteTranslation key={translation.language} languageName={names.name(translation.language)} />
          </div>
          <SideBySide translation={translation} listRef={listRef} />
          <Glossary entries={translation.glossary} />
          <TranslationExport flags={translation.flags} rowNumber={(rowId) => (rowIndex.get(rowId) ?? -1) + 1} onShowRow={showRow} />
        </div>
      )}
    </section>
  );
}
