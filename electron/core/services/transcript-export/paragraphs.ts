import type { EditorDocument } from '../../../../shared/contract/transcriptEditor';
import { effectiveSpeakers } from '../../../../shared/domain/transcript-edits';
import { PARAGRAPH_GAP_SECONDS, collapseSpace, separator } from '../subtitles';

/** A paragraph of running text: who speaks it, where it starts and ends (seconds, if timed). */
export type Paragraph = { speaker: string | null; start: number | null; end: number | null; text: string };

/**
 * The edited transcript as paragraphs for TXT, Markdown, DOCX and the transcript's page: a new
 * paragraph where the speaker changes, after a long silence, or at the first row past one of
 * `breaks` (seconds, in order: the markers, which are shown between paragraphs).
 */
export function paragraphsOf(document: EditorDocument, breaks: readonly number[] = []): Paragraph[] {
  const names = new Map(document.speakers.map((speaker) => [speaker.id, speaker.name]));
  const speakers = effectiveSpeakers(document.blocks);
  const paragraphs: Paragraph[] = [];
  let lastEnd: number | null = null;
  let lastSpeaker: string | null | undefined;
  let nextBreak = 0;
  document.blocks.forEach((block, i) => {
    // Words of Chinese or Japanese are written without a space between them.
    const text = collapseSpace(block.words.reduce((joined, word) => (joined ? joined + separator(joined, word) + word : word), ''));
    if (!text) return;
    const speaker = speakers[i] ? (names.get(speakers[i]!) ?? null) : null;
    const start = block.times ? block.times[0]! / 1000 : null;
    const end = block.times ? block.times.at(-1)! / 1000 : null;
    const current = paragraphs.at(-1);
    const paused = start !== null && lastEnd !== null && start - lastEnd >= PARAGRAPH_GAP_SECONDS;
    let marked = false;
    for (; start !== null && nextBreak < breaks.length && breaks[nextBreak]! < start; nextBreak++) marked = true;
    if (current && speaker === lastSpeaker && !paused && !marked) {
      current.text += separator(current.text, text) + text;
      current.end = end;
    } else paragraphs.push({ speaker, start, end, text });
    lastSpeaker = speaker;
    lastEnd = end;
  });
  return paragraphs;
}

/** `[h:mm:ss]`, for a paragraph's start. */
export function clockTime(seconds: number): string {
  const whole = Math.floor(seconds);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(whole / 3600)}:${pad(Math.floor(whole / 60) % 60)}:${pad(whole % 60)}`;
}
