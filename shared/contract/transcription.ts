import { z } from 'zod';
import { chatOptionsSchema } from '../domain/chat';
import { conversationMetaSchema } from '../domain/conversation';
import { isLanguageCode } from '../domain/languages';
import { issueOf, problemSchema } from '../domain/problem';
import { responseFormatSchema, transcriptSchema } from '../domain/transcript';
import { call } from './define';
import { saveOutcomeSchema } from './files';
import { rowIdSchema } from './transcriptEditor';

/** The service's upload limit (seed §8: "25 MB at most"). */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** Audio formats the service accepts (seed §4.2). */
export const AUDIO_EXTENSIONS = ['mp3', 'mp4', 'mpeg', 'mpga', 'm4a', 'wav', 'webm'] as const;

export const stagedFileSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  size: z.number(),
  /** The format recognised from the file's content (json: a conversation export to import; text: a long paste or a text document; pcm: a dictated clip; pdf, docx: documents for chat). */
  format: z.enum([...AUDIO_EXTENSIONS, 'json', 'text', 'pcm', 'pdf', 'docx']),
  mimeType: z.string(),
});

export const stageOutcomeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), file: stagedFileSchema }),
  /** Refused: a code and its values (the file's name, its size and the limit in bytes), worded by the page. */
  z.object({ ok: z.literal(false), problem: problemSchema }),
]);

/** The longest prompt Confab sends the service. */
export const PROMPT_MAX_CHARS = 4000;

/** The longest glossary: names and terms, not a second prompt. */
export const GLOSSARY_MAX_CHARS = 1000;

export const transcriptionRequestSchema = z.object({
  model: z.string().trim().min(1, 'Choose a transcription model.'),
  /** An ISO 639-1 code; empty means auto-detect. */
  language: z
    .string()
    .trim()
    .refine((value) => value === '' || isLanguageCode(value), issueOf('transcription_input.language_unknown')),
  prompt: z.string().max(PROMPT_MAX_CHARS, 'Keep the prompt under 4,000 characters.'),
  /**
   * Names and terms the recording has, sent with the prompt of every part (a long recording's
   * parts do not carry each other's words); main cuts it to what room the prompt leaves of 4,000.
   */
  glossary: z
    .string()
    .refine((value) => value.length <= GLOSSARY_MAX_CHARS, issueOf('transcription_input.glossary_too_long', { max: GLOSSARY_MAX_CHARS }))
    .optional(),
  responseFormat: responseFormatSchema,
  /** Only with verbose_json, where the service returns timings. */
  granularities: z.array(z.enum(['word', 'segment'])),
});

export const transcriptRecordSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  createdAt: z.number(),
  request: transcriptionRequestSchema,
  transcript: transcriptSchema,
});

/**
 * A transcript as it now reads. `edits` is null while it reads as the service returned it;
 * once edited in the editor, `transcript` is the edited version (its text with "Name: " where
 * a speaker is marked, its words and times, a segment per paragraph) and `edits.speakers` says
 * who speaks each segment. The service's result stays one call away (`original`). `rows`: its
 * rows as the editor and the exports have them, edited or not (their ids, and times in whole
 * milliseconds when timed, and which of the words are theirs), so what cites a row finds its place on the page.
 */
export const transcriptReadingSchema = transcriptRecordSchema.extend({
  edits: z.object({ speakers: z.array(z.string().nullable()) }).nullable(),
  rows: z.array(
    z.object({
      id: rowIdSchema,
      startMs: z.number().int().nullable(),
      endMs: z.number().int().nullable(),
      /** The row's words among `transcript.words`: the first one's index and how many (0: none timed, e.g. a row typed in). */
      firstWord: z.number().int().nonnegative(),
      wordCount: z.number().int().nonnegative(),
    }),
  ),
});

export const transcriptSummarySchema = z.object({
  id: z.string(),
  fileName: z.string(),
  createdAt: z.number(),
  duration: z.number().nullable(),
  preview: z.string(),
  /** Left out of Ask across meetings by the user: none of its rows is ever sent there. */
  askExcluded: z.boolean(),
});

export const transcriptionArea = {
  /**
   * Files reach main by path or as one binary upload (staging.ts), never through this router;
   * they are transcribed as jobs (jobs.ts).
   */
  discard: call(z.object({ fileId: z.string() }), z.void()),
  list: call(z.void(), z.array(transcriptSummarySchema)),
  open: call(z.object({ id: z.string() }), transcriptReadingSchema),
  /**
   * The service's result, edits or not, as its page read it before any edit: its text, words and
   * raw as they came, its segments main's paragraphs of the original rows. Shown read-only beside the edited version.
   */
  original: call(z.object({ id: z.string() }), transcriptSchema),
  remove: call(z.object({ id: z.string() }), z.void()),
  /**
   * Where the page plays the original audio of a transcript from: app://confab/media/<id> in
   * Electron, a signed same-origin URL in the browser harness; both answer HTTP range requests.
   */
  audioUrl: call(z.object({ id: z.string() }), z.object({ url: z.string() })),
  /** The transcript as it now reads (its edits included), through the same writer as the editor's Export. */
  exportSubtitles: call(
    z.object({ id: z.string(), format: z.enum(['srt', 'vtt', 'txt', 'json']) }),
    saveOutcomeSchema,
  ),
  /**
   * Ask about this transcript: main starts a conversation that carries the transcript as it
   * now reads in its system prompt, marked as attached, with the options the new chat has.
   */
  ask: call(z.object({ id: z.string(), options: chatOptionsSchema }), conversationMetaSchema),
};

export type StagedFile = z.infer<typeof stagedFileSchema>;
export type StageOutcome = z.infer<typeof stageOutcomeSchema>;
export type TranscriptionRequest = z.infer<typeof transcriptionRequestSchema>;
export type TranscriptSummary = z.infer<typeof transcriptSummarySchema>;
export type TranscriptRecord = z.infer<typeof transcriptRecordSchema>;
export type TranscriptReading = z.infer<typeof transcriptReadingSchema>;
