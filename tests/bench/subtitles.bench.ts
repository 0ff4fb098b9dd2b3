import { subtitleRulesSchema, type Word } from '../../shared/domain/transcript';
import { cuesFromWords, formatSrt, formatVtt } from '../../electron/core/services/subtitles';
import { ms, seededRandom, wordSource } from './text';

/**
 * Issue target: subtitles from a long transcription (30,000 words, about three hours of
 * speech) in under 50 ms per format, re-segmentation included.
 */
export async function subtitlesBench(): Promise<string[]> {
  const words = speech(30_000);
  const duration = words.at(-1)!.end + 2;
  const rules = subtitleRulesSchema.parse({});
  const srt = median(() => formatSrt(cuesFromWords(words, rules, duration)));
  const vtt = median(() => formatVtt(cuesFromWords(words, rules, duration)));
  const cues = cuesFromWords(words, rules, duration).length;
  return [
    `subtitles: SRT from 30,000 words (${cues.toLocaleString('en')} cues, ${(duration / 3600).toFixed(1)} h) in ${ms(srt)}, VTT in ${ms(vtt)} (target < 50 ms)`,
  ];
}

/** Whisper-style words: a leading space, sentences of 4–24 words, commas, pauses of 0.3–1.5 s. */
export function speech(count: number): Word[] {
  const random = seededRandom(7);
  const source = wordSource(random);
  const words: Word[] = [];
  let time = 0.4;
  let sentenceLeft = 0;
  while (words.length < count) {
    if (sentenceLeft === 0) sentenceLeft = 4 + Math.floor(random() * 21);
    let text = source.word();
    if (--sentenceLeft === 0) text += random() < 0.8 ? '.' : '?';
    else if (random() < 0.08) text += ',';
    const end = time + 0.06 + text.length * (0.025 + random() * 0.02);
    words.push({ word: ` ${text}`, start: round(time), end: round(end) });
    const pause = sentenceLeft === 0 || (random() < 0.05 && !text.endsWith(',')) ? 0.3 + random() * 1.2 : random() * 0.08;
    time = end + pause;
  }
  return words;
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

function median(run: () => string): number {
  for (let i = 0; i < 3; i++) run();
  const times = Array.from({ length: 9 }, () => {
    const started = performance.now();
    run();
    return performance.now() - started;
  });
  return times.sort((a, b) => a - b)[4]!;
}
