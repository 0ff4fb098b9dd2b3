// Shared by the subtitles tests: the default rules, counting graphemes, and words spoken to order.
import type { Cue } from '../../electron/core/services/subtitles';
import { type Word, subtitleRulesSchema } from '../../shared/domain/transcript';

export const rules = subtitleRulesSchema.parse({});
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
export const graphemes = (text: string) => [...segmenter.segment(text)].length;

/**
 * Whisper-style words (leading space) spoken back to back from `start`: each word takes
 * `perChar` seconds per character, with `gap` seconds between words; a `|` in the text
 * stands for a pause of `pause` seconds.
 */
export function speak(text: string, { start = 0, perChar = 0.05, gap = 0.05, pause = 1 } = {}): Word[] {
  const words: Word[] = [];
  let time = start;
  for (const token of text.split(' ')) {
    if (token === '|') {
      time += pause;
      continue;
    }
    const end = time + token.length * perChar;
    words.push({ word: ` ${token}`, start: round(time), end: round(end) });
    time = end + gap;
  }
  return words;
}
export const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
export const text = (cues: Cue[]) => cues.map((cue) => cue.lines.join(' / '));
