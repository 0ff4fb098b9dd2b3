import { useTranslation } from 'react-i18next';
import type { Transcript } from '../../shared/domain/transcript';
import { problemWords } from '../common/problem-text';
import { formatClock } from './format';

/** Stretches whose result still looked wrong when it was kept (a part that looped, say). */
export function TranscriptWarnings({ transcript }: { transcript: Transcript }) {
  const { t } = useTranslation('transcription');
  const warnings = transcript.warnings ?? [];
  if (!warnings.length) return null;
  return (
    <div className="notice warning" role="note" aria-label={t('result.warnings')}>
      {warnings.map((w) => (
        <p key={w.start}>
          <span dir="ltr">
            {formatClock(w.start)}–{formatClock(w.end)}
          </span>
          :{' '}
          {'problem' in w ? (
            t('result.warning', { index: w.part, flag: problemWords(w.problem) })
          ) : (
            <span translate="no">{w.message}</span>
          )}
        </p>
      ))}
    </div>
  );
}
