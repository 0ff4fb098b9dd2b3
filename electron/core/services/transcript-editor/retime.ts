import { diffArrays } from 'diff';
import type { EditorBlock } from '../../../../shared/contract/transcriptEditor';
import { splitWords } from '../../../../shared/domain/words';

/**
 * A service's text cut at whitespace only: how the original document's rows were always made
 * (stored edits refer to them, so they stay so); typed text is cut by `splitWords`.
 */
export const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

/**
 * The block with its words as typed text would be cut (`splitWords`): a service's token of
 * several Chinese or Japanese characters becomes a word per character, its time shared among
 * them by length, so an edit re-times and a split cuts at one character, as in typed text.
 * Words already so are kept as they are (the same block when none changes).
 */
export function inTypedWords(block: EditorBlock): EditorBlock {
  if (block.words.every((word) => splitWords(word).length === 1)) return block;
  const words: string[] = [];
  const times: number[] = [];
  block.words.forEach((word, w) => {
    const pieces = splitWords(word);
    words.push(...pieces);
    if (block.times) spread(pieces, block.times[w * 2]!, block.times[w * 2 + 1]!, times);
  });
  return { ...block, words, times: block.times && times };
}

/**
 * A block after its text was edited, in every script (words as `splitWords` cuts them). A
 * word-level diff (`diff`'s diffArrays) finds what changed: unchanged words keep their own times, and only a changed span is re-timed —
 * new words share the time of the words they replace, in proportion to their length
 * (speech rate is roughly constant over a few words); words added where none were removed
 * share the silence between their neighbours (or sit at the neighbour's edge when there is
 * none). The result is made valid: starts never go back, no word ends before it starts.
 */
export function retimeBlock(stored: EditorBlock, text: string): EditorBlock {
  const words = splitWords(text);
  const block = inTypedWords(stored);
  const old = block.times;
  if (!old) return { ...block, words, times: null };
  const times: number[] = [];
  let oldIndex = 0;
  const changes = diffArrays(block.words, words);
  for (let c = 0; c < changes.length; c++) {
    const change = changes[c]!;
    const count = change.count ?? change.value.length;
    if (!change.added && !change.removed) {
      for (let k = 0; k < count; k++) times.push(old[(oldIndex + k) * 2]!, old[(oldIndex + k) * 2 + 1]!);
      oldIndex += count;
      continue;
    }
    // A removal and an addition side by side are one replaced span.
    const removed = change.removed ? count : 0;
    const next = changes[c + 1];
    const added = change.added ? change.value : next?.added && change.removed ? (c++, next.value) : [];
    let from: number;
    let to: number;
    if (removed > 0) {
      from = old[oldIndex * 2]!;
      to = old[(oldIndex + removed - 1) * 2 + 1]!;
    } else {
      from = oldIndex > 0 ? old[oldIndex * 2 - 1]! : (old[0] ?? 0);
      to = oldIndex < block.words.length ? old[oldIndex * 2]! : from;
    }
    oldIndex += removed;
    spread(added, from, Math.max(from, to), times);
  }
  return { ...block, words, times: validTimes(times) };
}

/** Shares [from, to] among `words` by their length, appending [start, end] pairs. */
export function spread(words: readonly string[], from: number, to: number, times: number[]): void {
  const total = words.reduce((sum, word) => sum + word.length, 0) || 1;
  let done = 0;
  for (const word of words) {
    const start = from + Math.round(((to - from) * done) / total);
    done += word.length;
    times.push(start, from + Math.round(((to - from) * done) / total));
  }
}

/** Starts never before the previous start, ends never before their start; in place. */
export function validTimes(times: number[], floor = 0): number[] {
  let previous = floor;
  for (let i = 0; i < times.length; i += 2) {
    const start = Math.max(previous, Math.round(times[i]!));
    times[i] = start;
    times[i + 1] = Math.max(start, Math.round(times[i + 1]!));
    previous = start;
  }
  return times;
}
