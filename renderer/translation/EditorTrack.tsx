import { memo, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslatedRow } from '../../shared/contract/translation';
import { unfinishedOf, useCountsText, useRowStatus } from './counts';
import { EstimateBox } from './EstimateBox';
import { JobProgress } from './JobProgress';
import { useTargetNames } from './languages';
import { openTranslations, showTranslation, useTranslationJob, useTranslations } from './store';
import { RowStatus, TranslatedRowField } from './TranslatedRowField';
import './translation.css';

/** The translation shown in the editor: its rows by the original row's id, and its direction. */
export function useTrack(): { rows: ReadonlyMap<string, TranslatedRow>; dir: 'ltr' | 'rtl' } | null {
  const translation = useTranslations((s) => (s.language ? s.translation : null));
  return useMemo(() => translation && { rows: new Map(translation.rows.map((row) => [row.id, row])), dir: translation.rtl ? 'rtl' : 'ltr' }, [translation]);
}

/**
 * The editor's Translation track switch: which of the transcript's translations shows under each
 * row (none at first), how far it is, its job, and Translate again for the rows stale,
 * untranslated or not yet translated, with main's estimate said first as on the transcript's page.
 */
export function TranslationTrack({ transcriptId }: { transcriptId: string }) {
  const { t } = useTranslation('editor');
  const { t: words } = useTranslation('transcription');
  const id = useId();
  const names = useTargetNames();
  const countsText = useCountsText();
  const { list, language, translation } = useTranslations();
  const job = useTranslationJob();
  const [asking, setAsking] = useState(false);
  const [more, setMore] = useState(false);
  useEffect(() => openTranslations(transcriptId, { first: false }), [transcriptId]);
  const running = job?.state === 'running' || job?.state === 'queued';
  const unfinished = translation ? unfinishedOf(translation.counts) : 0;
  return (
    <section className="ed-panel ed-track" aria-labelledby={`${id}-label`}>
      <label className="ed-track-pick">
        <span id={`${id}-label`}>{t('track.label')}</span>{' '}
        <select
          value={language ?? ''}
          disabled={!list?.length}
          onChange={(event) => {
            setAsking(false);
            showTranslation(event.target.value || null);
          }}
        >
          <option value="">{t('track.off')}</option>
          {list?.map((each) => (
            <option key={each.language} value={each.language}>
              {names.name(each.language)}
            </option>
          ))}
        </select>
      </label>
      {/* A short window folds what the track says behind this (translation.css): the rows keep the room. */}
      {(list?.length === 0 || (language && translation)) && (
        <button type="button" className="link ed-track-more" aria-expanded={more} aria-controls={`${id}-said`} onClick={() => setMore(!more)}>
          {t('track.details')}
        </button>
      )}
      {list?.length === 0 && (
        <p className="hint" id={`${id}-said`}>
          {t('track.none')}
        </p>
      )}
      {language && translation && (
        <>
          <p className="hint" id={`${id}-said`} role="status">
            {countsText(translation.counts)}
          </p>
          <JobProgress job={job} />
          {unfinished > 0 && !running && !asking && (
            <button type="button" className="small" onClick={() => setAsking(true)}>
              {words('translation.again', { n: unfinished })}
            </button>
          )}
          {asking && (
            <EstimateBox transcriptId={transcriptId} language={translation.language} languageName={names.name(translation.language)} only="unfinished" onDone={() => setAsking(false)} />
          )}
        </>
      )}
    </section>
  );
}

/** A row's translation under the original in the editor: edited in place as on the transcript's page (Enter or leaving saves, Escape puts main's text back). */
export const TrackRow = memo(function TrackRow({ row, dir, number, found }: { row: TranslatedRow; dir: 'ltr' | 'rtl'; number: number; found: boolean }) {
  const { t } = useTranslation('transcription');
  const statusOf = useRowStatus();
  return (
    // Find's current match in this translation: marked, as the original's current match is.
    <div className={`ed-translated translation-row ${row.status}${found ? ' found' : ''}`} data-row={row.id} aria-current={found || undefined}>
      <TranslatedRowField row={row} dir={dir} label={t('translation.rowLabel', { number })} />
      <RowStatus text={statusOf(row)} />
    </div>
  );
});
