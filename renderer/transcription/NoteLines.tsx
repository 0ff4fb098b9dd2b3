import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoteLine } from '../../shared/domain/transcript';
import { formatClock, formatPrecise } from './format';

/**
 * The lines the user typed in the notes pad while this stretch was said, beside it: each with the
 * time it was written, a button that plays from there (`data-start`, which the transcript's list seeks to).
 */
export const NoteLines = memo(function NoteLines({ lines }: { lines: readonly NoteLine[] }) {
  const { t } = useTranslation('transcription');
  return (
    <aside className="para-notes" aria-label={t('notes.label')}>
      <ul>
        {lines.map((line, index) => (
          <li key={index} className="note-line">
            <button type="button" className="note-time" dir="ltr" data-start={line.at} title={t('player.playFrom', { time: formatPrecise(line.at) })}>
              {formatClock(line.at)}
            </button>
            {/* The user's words, in their own direction. */}
            <span className="note-text" dir="auto" translate="no">
              {line.text}
            </span>
          </li>
        ))}
      </ul>
    </aside>
  );
});
