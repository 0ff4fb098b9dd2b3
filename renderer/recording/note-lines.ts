import type { NoteLine } from '../../shared/domain/transcript';

/**
 * Each line's time after an edit: lines the edit did not touch keep theirs (matched from both
 * ends, so a line typed above others does not retime them), a line edited in place keeps its
 * own, and a new line, or a blank one given words, is written `now`.
 */
export function retime(before: readonly string[], times: readonly number[], after: readonly string[], now: number): number[] {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  return after.map((_line, i) => {
    if (i < head) return times[i]!;
    if (i >= after.length - tail) return times[before.length - (after.length - i)]!;
    const edited = i < before.length - tail && before[i]!.trim() !== '';
    return edited ? times[i]! : now;
  });
}

/** What main keeps: the lines with words, in the pad's order, each with its time. */
export function linesOf(text: string, times: readonly number[]): NoteLine[] {
  return text.split('\n').flatMap((line, i) => (line.trim() ? [{ at: times[i] ?? 0, text: line }] : []));
}
