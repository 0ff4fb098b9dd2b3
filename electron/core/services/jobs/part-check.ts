import type { ProblemData } from '../../../../shared/domain/problem';
import type { Transcript } from '../../../../shared/domain/transcript';

/** Timings may end a little past a part: the service rounds, and a word may ring on. */
const TIMING_SLACK_SECONDS = 1;
/** A run of the same words this many times over is a loop, not speech. */
const LOOP_REPEATS = 4;
/** Runs shorter than this many words repeat in real speech ("no, no, no, no"). */
const LOOP_MIN_WORDS = 3;
const LOOP_MAX_WORDS = 40;

const normalised = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s']/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);

/**
 * The longest stretch where a run of `size` words comes back immediately, counted in repeats.
 * Speech-to-text models loop on long audio by emitting one line over and over.
 */
function repeatsOf(words: string[], size: number): number {
  let best = 1;
  for (let start = 0; start + size * 2 <= words.length; start++) {
    let count = 1;
    while (start + size * (count + 1) <= words.length && words.slice(start, start + size).every((w, i) => w === words[start + size * count + i])) count++;
    best = Math.max(best, count);
    if (count > 1) start += size * (count - 1);
  }
  return best;
}

/** Whether the text says one thing over and over: a run of 3 to 40 words, 4 times in a row. */
export function isLooping(text: string): boolean {
  const words = normalised(text);
  for (let size = LOOP_MIN_WORDS; size <= Math.min(LOOP_MAX_WORDS, Math.floor(words.length / LOOP_REPEATS)); size++) {
    if (repeatsOf(words, size) >= LOOP_REPEATS) return true;
  }
  return false;
}

/**
 * Why a part's result looks wrong, as a problem the page words (errors `part_check.*`), or null
 * when it looks right: the text repeats itself, or its timings run past the part's length.
 */
export function partProblem(transcript: Transcript, partSeconds: number): ProblemData | null {
  if (isLooping(transcript.text)) return { code: 'part_check.looped', values: {} };
  const ends = [...transcript.words, ...transcript.segments].map((item) => item.end);
  const last = ends.length ? Math.max(...ends) : 0;
  if (last > partSeconds + TIMING_SLACK_SECONDS) {
    return { code: 'part_check.timings_overrun', values: { end: tenths(last), length: tenths(partSeconds) } };
  }
  return null;
}

const tenths = (seconds: number) => Math.round(seconds * 10) / 10;
