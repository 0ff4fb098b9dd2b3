import type { ResponseFormat, Segment, Transcript, Word } from '../../../../shared/domain/transcript';
import { subtitleRulesSchema } from '../../../../shared/domain/transcript';
import { cuesFromSegments, cuesFromWords, formatSrt, formatVtt } from '../subtitles';

export interface TranscribedPart {
  /** Where the part starts in the original, from the splitter's sample count. */
  startSeconds: number;
  transcript: Transcript;
}

/** Microseconds: enough for any timing, and it keeps the offset additions' float noise out of exports. */
const round = (seconds: number) => Math.round(seconds * 1e6) / 1e6;

/** Keeps timed items in order: each starts no earlier than the one before, and within the audio. */
function placed<T extends { start: number; end: number }>(items: T[], duration: number): T[] {
  let floor = 0;
  return items.map((item) => {
    const start = round(Math.min(Math.max(item.start, floor), duration));
    const end = round(Math.min(Math.max(item.end, start), duration));
    floor = start;
    return { ...item, start, end };
  });
}

/** The body the service would have sent for this format, made from the merged timings. */
function rawFor(format: ResponseFormat, merged: Omit<Transcript, 'raw' | 'format'>): string {
  const rules = subtitleRulesSchema.parse({});
  const cues = () =>
    merged.words.length ? cuesFromWords(merged.words, rules, merged.duration) : cuesFromSegments(merged.segments, rules, merged.duration);
  switch (format) {
    case 'text':
      return `${merged.text}\n`;
    case 'json':
      return JSON.stringify({ text: merged.text });
    case 'srt':
      return formatSrt(cues());
    case 'vtt':
      return formatVtt(cues());
    case 'verbose_json':
      return JSON.stringify({ task: 'transcribe', language: merged.language, duration: merged.duration, text: merged.text, segments: merged.segments, words: merged.words });
  }
}

/**
 * One transcript from a long recording's parts. Every time is offset by the part's true
 * start, so there is no drift however many parts there are; the result plays, highlights
 * and exports like any other transcript.
 */
export function mergeTranscripts(parts: TranscribedPart[], duration: number, format: ResponseFormat): Transcript {
  const ordered = [...parts].sort((a, b) => a.startSeconds - b.startSeconds);
  const words: Word[] = placed(
    ordered.flatMap(({ startSeconds, transcript }) =>
      transcript.words.map((word) => ({ word: word.word, start: word.start + startSeconds, end: word.end + startSeconds })),
    ),
    duration,
  );
  const segments: Segment[] = placed(
    ordered.flatMap(({ startSeconds, transcript }) =>
      transcript.segments.map((segment) => ({ ...segment, start: segment.start + startSeconds, end: segment.end + startSeconds })),
    ),
    duration,
  ).map((segment, id) => ({ ...segment, id }));
  const merged = {
    text: ordered.map(({ transcript }) => transcript.text.trim()).filter(Boolean).join(' '),
    language: ordered.find(({ transcript }) => transcript.language)?.transcript.language ?? null,
    duration,
    segments,
    words,
  };
  return { format, raw: rawFor(format, merged), ...merged };
}
