import { z } from 'zod';
import { issueOf, problemSchema } from './problem';

/** The five response formats of the transcription operation (seed §4.2). */
export const responseFormatSchema = z.enum(['json', 'text', 'srt', 'vtt', 'verbose_json']);

export const wordSchema = z.object({ word: z.string(), start: z.number(), end: z.number() });

/** A stretch whose result looked wrong: which part, and why as a problem the page words. */
const partWarningSchema = z.object({ start: z.number(), end: z.number(), part: z.number().int(), problem: problemSchema });
/** Transcripts kept before warnings were codes say why in English words, shown as they are. */
const legacyWarningSchema = z.object({ start: z.number(), end: z.number(), message: z.string() });

/** A place the user marked while recording: seconds from the start, and its name (empty: numbered by the page). */
export const markerSchema = z.object({ at: z.number().nonnegative(), label: z.string().max(200) });

/** A line of the recorder's notes pad holds at most this many characters, */
export const NOTE_LINE_MAX_CHARS = 2_000;
/** ...and the pad at most this many lines and characters in all (a long meeting's notes are a few thousand characters). */
export const NOTES_MAX_LINES = 5_000;
export const NOTES_MAX_CHARS = 100_000;

/**
 * A line the user typed in the recorder's notes pad: seconds from the recording's start when it
 * was written (on the recording's clock, as markers), and the words, as typed. The user's own:
 * the meeting notes keep them and fill them in.
 */
export const noteLineSchema = z.object({ at: z.number().nonnegative(), text: z.string().max(NOTE_LINE_MAX_CHARS) });

/** The pad's lines in the pad's order, within the cap. */
export const noteLinesSchema = z
  .array(noteLineSchema)
  .refine((lines) => lines.length <= NOTES_MAX_LINES, issueOf('recording.notes_too_many_lines', { max: NOTES_MAX_LINES }))
  .refine((lines) => lines.reduce((sum, line) => sum + line.text.length, 0) <= NOTES_MAX_CHARS, issueOf('recording.notes_too_long', { max: NOTES_MAX_CHARS }));

/**
 * A line cut into pieces of at most `max` characters that read back as the line: after the last
 * space in a piece's second half if it has one, never inside a surrogate pair. Hand-rolled: a
 * word segmenter would not bound the piece, and a pasted line is rarely cut at all.
 */
function piecesOf(text: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let cut = rest.lastIndexOf(' ', max - 1) + 1;
    if (cut <= max / 2) cut = /[\uD800-\uDBFF]/.test(rest[max - 1]!) ? max - 1 : max;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  return [...pieces, rest];
}

/**
 * The pad as the page sends it: a line may be longer than a line may be kept (a paste), and main
 * keeps it as several lines at its time rather than refuse the pad and every line typed after it.
 */
export const padLinesSchema = z
  .array(z.object({ at: z.number().nonnegative(), text: z.string().max(NOTES_MAX_CHARS) }))
  .transform((lines) => lines.flatMap(({ at, text }) => piecesOf(text, NOTE_LINE_MAX_CHARS).map((piece) => ({ at, text: piece }))))
  .pipe(noteLinesSchema);

/** Segment fields are "not shown" in the seed; these are the convention's (openai) that Confab uses. */
export const segmentSchema = z.object({ id: z.number(), start: z.number(), end: z.number(), text: z.string() });

/**
 * A transcription result in one shape whatever the response format: `raw` is the body as
 * returned (so srt/vtt can be saved byte for byte); timings exist only for verbose_json.
 */
export const transcriptSchema = z.object({
  format: responseFormatSchema,
  text: z.string(),
  raw: z.string(),
  /** ISO-639-1 code or the language's name, as the server sent it. */
  language: z.string().nullable(),
  /** Seconds. */
  duration: z.number().nullable(),
  segments: z.array(segmentSchema),
  words: z.array(wordSchema),
  /**
   * Stretches whose result still looked wrong when it was kept (a long recording's part that
   * looped or ran past its length after a retry without the carried-over prompt).
   */
  warnings: z.array(z.union([partWarningSchema, legacyWarningSchema])).optional(),
  /** The markers dropped while it was recorded in Confab. */
  markers: z.array(markerSchema).optional(),
  /** The lines typed in the notes pad while it was recorded in Confab, in the pad's order. */
  notes: noteLinesSchema.optional(),
});

/** Re-segmentation rules for subtitles made from word timings. */
export const subtitleRulesSchema = z.object({
  maxCharsPerLine: z.number().int().min(10).max(200).default(42),
  maxLinesPerCue: z.number().int().min(1).max(4).default(2),
  maxCueSeconds: z.number().min(1).max(60).default(7),
  minCueSeconds: z.number().min(0).max(10).default(1),
  maxCharsPerSecond: z.number().min(5).max(100).default(17),
});

/** The rules until the user changes them. */
export const DEFAULT_SUBTITLE_RULES = subtitleRulesSchema.parse({});

export type ResponseFormat = z.infer<typeof responseFormatSchema>;
export type Word = z.infer<typeof wordSchema>;
export type Marker = z.infer<typeof markerSchema>;
export type NoteLine = z.infer<typeof noteLineSchema>;
export type Segment = z.infer<typeof segmentSchema>;
export type Transcript = z.infer<typeof transcriptSchema>;
export type SubtitleRules = z.infer<typeof subtitleRulesSchema>;
