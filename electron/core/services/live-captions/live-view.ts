import type { LiveLine, Track } from '../../../../shared/contract/recording';
import { byTimeFinalFirst } from '../../../../shared/domain/live-transcript';
import type { LivePartDone } from '../live-parts';
import type { Caption } from './caption-sender';

/** A part of the running recording whose final transcript came (its timings from the part's start). */
export type DonePart = LivePartDone;

/** The lines of one finished part: its segments where it has timings, else its text as one line. */
function partLines(part: DonePart): LiveLine[] {
  const { segments, text } = part.transcript;
  const pieces = segments.length > 0 ? segments.map((segment) => ({ id: segment.id, start: segment.start, end: segment.end, text: segment.text })) : [{ id: 0, start: 0, end: part.endSeconds - part.startSeconds, text }];
  return pieces
    .map((piece) => ({
      key: `part-${part.index}-${piece.id}`,
      speaker: null,
      startSeconds: part.startSeconds + piece.start,
      endSeconds: part.startSeconds + piece.end,
      text: piece.text.trim(),
      final: true,
    }))
    .filter((line) => line.text !== '');
}

/**
 * The live transcript: the final text where a part is done, the captions elsewhere (a caption
 * whose middle lies in a done part's span is replaced by it), in the order they were said.
 */
export function liveLines(captions: readonly Caption[], parts: readonly DonePart[], speakerOf: (track: Track) => string | null): LiveLine[] {
  const covered = (caption: Caption) => {
    const middle = (caption.startSeconds + caption.endSeconds) / 2;
    return parts.some((part) => middle >= part.startSeconds && middle < part.endSeconds);
  };
  const provisional = captions
    .filter((caption) => caption.text !== '' && !covered(caption))
    .map((caption) => ({ key: `caption-${caption.seq}`, speaker: speakerOf(caption.track), startSeconds: caption.startSeconds, endSeconds: caption.endSeconds, text: caption.text, final: false }));
  return [...parts.flatMap(partLines), ...provisional].sort(byTimeFinalFirst);
}
