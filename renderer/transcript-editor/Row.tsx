import { memo, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorBlock } from '../../shared/contract/transcriptEditor';
import type { TranslatedRow } from '../../shared/contract/translation';
import { blockText } from '../../shared/domain/transcript-edits';
import { separator, wordAtOffset } from '../../shared/domain/words';
import { clock, playFrom, seekTo } from './player';
import { TrackRow } from '../translation';
import { RowMarkers } from './RowMarkers';
import type { RowMarks } from './row-markers';
import { park, showIn } from './row-focus';
import { useSelected } from './selection';
import { SpeakerMark } from './SpeakerMark';
import { activate } from './store';

export interface RowProps {
  index: number;
  block: EditorBlock;
  /** The speaker's name for this row (marked here or continued from above), if any. */
  speaker: string | null;
  active: boolean;
  pattern: RegExp | null;
  /** The word being played in this row, or -1. */
  playing: number;
  /** The current find match in this row: its start offset, or -1. */
  currentMatch: number;
  /** Markers shown around the row, and where one falls among its words. */
  marks: RowMarks;
  /** The row's translation in the track shown (none while the track is off), edited in place under it. */
  translated: TranslatedRow | null;
  trackDir: 'ltr' | 'rtl';
  /** Find's current match, when it is in this row's translation. */
  trackMatch: { index: number; length: number } | null;
}

/** A word's text with find matches marked; offsets are within the row's text (`blockText`). */
function marked(word: string, at: number, pattern: RegExp | null, currentMatch: number, matches: Array<[number, number]>): ReactNode {
  if (!pattern) return word;
  const parts: ReactNode[] = [];
  let cursor = 0;
  for (const [start, end] of matches) {
    const from = Math.max(start - at, 0);
    const to = Math.min(end - at, word.length);
    if (to <= 0 || from >= word.length) continue;
    if (from > cursor) parts.push(word.slice(cursor, from));
    parts.push(
      <mark key={from} className={start === currentMatch ? 'current' : undefined}>
        {word.slice(from, to)}
      </mark>,
    );
    cursor = to;
  }
  if (!parts.length) return word;
  if (cursor < word.length) parts.push(word.slice(cursor));
  return parts;
}

/** The row's words, each a seek target; a click also puts the caret there to type. */
function Words({ index, block, pattern, playing, currentMatch, marks }: Omit<RowProps, 'speaker' | 'active' | 'translated' | 'trackDir' | 'trackMatch'>) {
  const { t } = useTranslation('editor');
  const text = blockText(block);
  const matches: Array<[number, number]> = pattern ? Array.from(text.matchAll(pattern), (m) => [m.index, m.index + m[0].length]) : [];
  let at = 0;
  return (
    <div
      className="ed-words"
      role="button"
      tabIndex={0}
      dir="auto"
      aria-label={text ? t('row.words', { row: index + 1, text }) : t('row.wordsEmpty', { row: index + 1 })}
      onFocus={() => activate(index, 'end')}
    >
      {block.words.map((word, w) => {
        // The gap is the one the row's text has: none between Chinese or Japanese words.
        const gap = w > 0 ? separator(block.words[w - 1]!, word) : '';
        const start = at + gap.length;
        at = start + word.length;
        return (
          <span key={w}>
            {gap}
            {marks.inside.some((mark) => mark.word === w) && (
              // Bound to the word it stands before, never left at a line's end.
              <span className="ed-marker-sign" aria-hidden="true">
                {'◆\u00a0'}
              </span>
            )}
            <span
              className="ed-word"
              translate="no"
              aria-current={w === playing ? 'time' : undefined}
              onMouseDown={(event) => {
                event.preventDefault();
                if (block.times) seekTo(block.times[w * 2]!);
                activate(index, wordAtOffset(text, start));
              }}
            >
              {marked(word, start, pattern, currentMatch, matches)}
            </span>
          </span>
        );
      })}
      {!block.words.length && <span className="ed-empty">{t('row.empty')}</span>}
    </div>
  );
}

/** Where the row being edited shows its textarea, which lives on while the row is out of view (row-focus.ts). */
function TextSlot() {
  const slot = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = slot.current!;
    showIn(element);
    return () => park(element);
  }, []);
  return <div ref={slot} className="ed-text-slot" />;
}

/**
 * One editor row: its time (plays from there), where a speaker starts, and its text —
 * words that seek while it is not being edited, a textarea while it is.
 */
export const Row = memo(function Row(props: RowProps) {
  const { t } = useTranslation('editor');
  const { index, block, speaker, active } = props;
  const start = block.times?.[0];
  const end = block.times?.at(-1);
  const selected = useSelected(index);
  return (
    <>
      <RowMarkers markers={props.marks.before} />
    <div className={`ed-row${props.playing >= 0 ? ' playing' : ''}${active ? ' active' : ''}${selected ? ' selected' : ''}`} data-row={index}>
      <div className="ed-gutter">
        {start !== undefined && end !== undefined ? (
          <button type="button" className="ed-time" onClick={() => playFrom(start)}>
            {/* The name comes from the content, so what is seen is what a voice user says. */}
            <span className="visually-hidden">{t('row.playFrom', { row: index + 1 })} </span>
            {/* Timecodes read left to right in every language. */}
            <span dir="ltr">
              {clock(start)}
              <span className="ed-end" aria-hidden="true">
                {' '}– {clock(end)}
              </span>
            </span>
          </button>
        ) : (
          <span className="ed-number">{index + 1}</span>
        )}
        <SpeakerMark index={index} marked={block.speaker} name={speaker} />
      </div>
      <div className="ed-cell">
        {active ? <TextSlot /> : <Words {...props} />}
        {props.translated && <TrackRow row={props.translated} dir={props.trackDir} number={index + 1} found={props.trackMatch !== null} />}
      </div>
    </div>
      <RowMarkers markers={props.marks.after} />
    </>
  );
});
