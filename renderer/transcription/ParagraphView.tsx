import { Fragment, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { SpeakerDot } from '../people';
import type { Word } from '../../shared/domain/transcript';
import { formatClock, formatPrecise } from './format';
import { type PageRow, rowRuns } from './rows';
import type { Paragraph } from './timeline';

/**
 * One paragraph; words with timings are buttons that seek (kept out of the tab order, there
 * may be thousands: the paragraph times are the keyboard's way to seek).
 */
export const ParagraphView = memo(function ParagraphView(props: {
  paragraph: Paragraph;
  speaker: string | null;
  words: readonly Word[];
  currentWord: number;
  current: boolean;
  rows: readonly PageRow[] | null;
  /** The row of each token (rows.ts), where the page shows main's rows. */
  tokenRows: Int32Array | null;
  cited: ReadonlySet<string> | null;
}) {
  const { t } = useTranslation('transcription');
  const { paragraph, words, currentWord, rows, tokenRows, cited } = props;
  const tokens = paragraph.tokens.map((token, k) => {
    const space = k > 0 ? ' ' : '';
    if (token.word === null) return `${space}${token.text}`;
    const word = words[token.word]!;
    return (
      <Fragment key={k}>
        {space}
        <button
          type="button"
          tabIndex={-1}
          className="word"
          data-word={token.word}
          data-start={word.start}
          aria-current={token.word === currentWord ? 'time' : undefined}
          title={`${formatPrecise(word.start)}–${formatPrecise(word.end)}`}
        >
          {token.text}
        </button>
      </Fragment>
    );
  });
  return (
    <p className={props.current ? 'para current' : 'para'} data-segment={paragraph.segment ?? undefined}>
      {paragraph.start !== null && (
        <button type="button" className="para-time" dir="ltr" data-start={paragraph.start} aria-label={t('player.playFrom', { time: formatPrecise(paragraph.start) })}>
          {formatClock(paragraph.start)}
        </button>
      )}
      {/* The user's words, in their own direction whatever the UI's. */}
      <span className="para-text" translate="no" dir="auto">
        {props.speaker && (
          <strong className="para-speaker">
            <SpeakerDot name={props.speaker} />
            {props.speaker}:{' '}
          </strong>
        )}
        {rows && tokenRows ? rowRuns(tokenRows).map(([from, to]) => {
          const row = rows[tokenRows[from]!];
          if (!row) return <Fragment key={from}>{tokens.slice(from, to)}</Fragment>;
          // A cited row is a <mark>: a highlight to screen readers, and forced colours give it Mark's colours.
          const Tag = cited?.has(row.id) ? 'mark' : 'span';
          return (
            <Tag key={from} className={Tag === 'mark' ? 'row cited' : 'row'} data-row-id={row.id} data-row-start={row.startMs ?? undefined}>
              {tokens.slice(from, to)}
            </Tag>
          );
        }) : tokens}
      </span>
    </p>
  );
});
