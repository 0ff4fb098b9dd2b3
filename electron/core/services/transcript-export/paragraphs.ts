import type { EditorDocument } from '../../../../shared/contract/transcriptEditor';
import { effectiveSpeakers } from '../../../../shared/domain/transcript-edits';
import { joinWords } from '../../../../shared/domain/words';
import { PARAGRAPH_GAP_SECONDS, collapseSpace, separator } from '../subtitles';

/** A paragraph of running text: who speaks it, where it starts and ends (seconds, if timed). */
export type Paragraph = { speaker: string | null; start: number | null; end: number | null; text: string };

/**
 * A paragraph this long ends at its next sentence end, and one of LONGEST words at its next row,
 * though nobody paused: a three-hour talk without a two-second pause was one paragraph of 27,000
 * words, unreadable in every export, and on its page one list item that took 100–200 ms to
 * mount and as long to take down (the editor's opening waited for it).
 */
const LONG_WORDS = 120;
const LONGEST_WORDS = 400;
const SENTENCE_END = /[.!?…。！？]["')\]」』]*$/;

/**
 * The edited transcript as paragraphs for TXT, Markdown, DOCX and the transcript's page: a new
 * paragraph where the speaker changes, after a long silence, at the first word past one of
 * `breaks` (seconds, in order: the markers, shown between paragraphs, so each at its word), or
 * once long (LONG_WORDS).
 */
export function paragraphsOf(document: EditorDocument, breaks: readonly number[] = []): Paragraph[] {
  const names = new Map(document.speakers.map((speaker) => [speaker.id, speaker.name]));
  const speakers = effectiveSpeakers(document.blocks);
  const paragraphs: Paragraph[] = [];
  let lastEnd: number | null = null;
  let lastSpeaker: string | null | undefined;
  let nextBreak = 0;
  let wordsIn = 0;
  /** Words `from`–`to` of a row, joined to the paragraph before unless something ends it there. */
  const add = (words: readonly string[], times: readonly number[] | null, from: number, to: number, speaker: string | null, marked: boolean) => {
    const text = collapseSpace(joinWords(words.slice(from, to)));
    if (!text) return;
    const start = times ? times[from * 2]! / 1000 : null;
    const end = times ? times[to * 2 - 1]! / 1000 : null;
    const current = paragraphs.at(-1);
    const paused = start !== null && lastEnd !== null && start - lastEnd >= PARAGRAPH_GAP_SECONDS;
    const long = current !== undefined && (wordsIn >= LONGEST_WORDS || (wordsIn >= LONG_WORDS && SENTENCE_END.test(current.text)));
    if (current && speaker === lastSpeaker && !paused && !marked && !long) {
      current.text += separator(current.text, text) + text;
      current.end = end;
      wordsIn += to - from;
    } else {
      paragraphs.push({ speaker, start, end, text });
      wordsIn = to - from;
    }
    lastSpeaker = speaker;
    lastEnd = end;
  };
  document.blocks.forEach((block, i) => {
    const speaker = speakers[i] ? (names.get(speakers[i]!) ?? null) : null;
    const { words, times } = block;
    let from = 0;
    let marked = false;
    for (let w = 0; times && w < words.length; w++) {
      let passed = false;
      for (; nextBreak < breaks.length && breaks[nextBreak]! < times[w * 2]! / 1000; nextBreak++) passed = true;
      if (!passed) continue;
      add(words, times, from, w, speaker, marked);
      from = w;
      marked = true;
    }
    add(words, times, from, words.length, speaker, marked);
  });
  return paragraphs;
}

/** `[h:mm:ss]`, for a paragraph's start. */
export function clockTime(seconds: number): string {
  const whole = Math.floor(seconds);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(whole / 3600)}:${pad(Math.floor(whole / 60) % 60)}:${pad(whole % 60)}`;
}
