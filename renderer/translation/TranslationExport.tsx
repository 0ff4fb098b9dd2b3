import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CueFlag } from '../../shared/contract/translation';
import { useSaving } from '../common/use-saving';
import { exportTranslation } from './store';

const FLAG_WORDS = {
  too_many_lines: 'translation.flag.too_many_lines',
  line_too_long: 'translation.flag.line_too_long',
  too_fast: 'translation.flag.too_fast',
} as const;

/**
 * SRT or VTT of the translation, alone or bilingual; the cues the language's rules cannot hold
 * (flagged by main, never cut) listed with their row and why, each a link to the row.
 */
export function TranslationExport({ flags, rowNumber, onShowRow }: { flags: readonly CueFlag[]; rowNumber(id: string): number; onShowRow(id: string): void }) {
  const { t } = useTranslation('transcription');
  const id = useId();
  const [bilingual, setBilingual] = useState(false);
  const { busy, outcome, save } = useSaving<'srt' | 'vtt'>();
  return (
    <section className="translation-export" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t('translation.exportHeading')}</h3>
      <div className="actions">
        <label className="check">
          <input type="checkbox" checked={bilingual} onChange={(event) => setBilingual(event.target.checked)} />
          {t('translation.bilingual')}
        </label>
        {(['srt', 'vtt'] as const).map((format) => (
          <button key={format} type="button" className="secondary small" disabled={busy !== null} onClick={() => void save(format, () => exportTranslation(format, bilingual))}>
            {t('translation.export', { format: format.toUpperCase() })}
          </button>
        ))}
        {outcome && (
          <span className={outcome.ok ? 'export-outcome' : 'field-error'} role={outcome.ok ? 'status' : 'alert'}>
            {outcome.text}
          </span>
        )}
      </div>
      {flags.length > 0 && (
        <div className="notice translation-flags">
          <p>{t('translation.flagged', { n: flags.length })}</p>
          <ul>
            {flags.map((flag) => (
              <li key={`${flag.rowId}-${flag.reason}`}>
                <button type="button" className="link" onClick={() => onShowRow(flag.rowId)}>
                  {t('translation.flagRow', { number: rowNumber(flag.rowId) })}
                </button>{' '}
                {t(FLAG_WORDS[flag.reason])}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
