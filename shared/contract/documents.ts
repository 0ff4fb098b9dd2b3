import { z } from 'zod';

/**
 * Documents and long pastes attached to a chat message ("held items"). The page stages the file
 * (purpose 'document' or 'paste'), then asks main to attach it: main reads its text off its own
 * thread, under the caps below, and keeps the text in its held folder (HELD_QUOTA_BYTES in all).
 * The page keeps only each item's id and what its chip shows; Send names the ids, and from then
 * on the items belong to that conversation and leave with it.
 */

/** Text, Markdown and code are read as UTF-8 text; PDF and DOCX have their text extracted. */
export const DOCUMENT_EXTENSIONS = [
  'txt', 'md', 'markdown', 'csv', 'tsv', 'json', 'yaml', 'yml', 'xml', 'html', 'css', 'log',
  'js', 'mjs', 'cjs', 'ts', 'tsx', 'jsx', 'py', 'rb', 'go', 'rs', 'java', 'kt', 'c', 'h', 'cpp', 'hpp', 'cs', 'swift', 'php', 'sh', 'sql', 'toml', 'ini',
  'pdf', 'docx',
] as const;

/** Whether a dropped or picked file goes to the chat's composer rather than to transcription. */
export const isDocumentName = (name: string) => (DOCUMENT_EXTENSIONS as readonly string[]).includes(name.split('.').pop()?.toLowerCase() ?? '');

/** The largest document file staged (its bytes, before extraction). */
export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;
/** The caps on extraction: a file past any of them is refused by name, never half-read in silence. */
export const DOCUMENT_CAPS = {
  /** Wall-clock time for one extraction; the worker thread is ended when it is up. */
  seconds: 20,
  pages: 500,
  /** What a DOCX (a zip) says its parts hold once decompressed. */
  unpackedBytes: 200 * 1024 * 1024,
  /** The extracted text. */
  characters: 2_000_000,
  /** The worker's heap: a file that needs more is refused, and main's own memory is untouched. */
  heapMb: 256,
} as const;
export type DocumentCaps = Record<keyof typeof DOCUMENT_CAPS, number>;
/** Everything held (documents and pastes, attached or waiting for Send) together. */
export const HELD_QUOTA_BYTES = 512 * 1024 * 1024;
/** The most items one message carries. */
export const MAX_HELD_PER_MESSAGE = 20;

export const heldKindSchema = z.enum(['paste', 'document']);

/** What the chip shows of a held item. */
export const heldItemSchema = z.object({
  id: z.string(),
  kind: heldKindSchema,
  name: z.string(),
  /** PDF pages; null for a format without pages. */
  pages: z.number().int().nullable(),
  characters: z.number().int(),
  lines: z.number().int(),
  /** gpt-tokenizer's count of its whole text, made once by main as it reads the item (conversations/token-estimate.ts's tokenizer). */
  tokens: z.number().int(),
  /** Bytes of its text in the held folder. */
  size: z.number().int(),
});
export type HeldItem = z.infer<typeof heldItemSchema>;

/**
 * What a sent user message shows of each item it carried (its chip, kept with the message in
 * the history, so a reload and an export still say it). `firstTokens`: the user chose to send
 * only the item's beginning, its first so many tokens, in every request until undone;
 * `summaryTokens`: a summary main wrote of it goes in its place instead, this long.
 */
export const sentItemSchema = heldItemSchema.pick({ id: true, kind: true, name: true, pages: true, lines: true, tokens: true }).extend({
  firstTokens: z.number().int().positive().optional(),
  summaryTokens: z.number().int().positive().optional(),
});
export type SentItem = z.infer<typeof sentItemSchema>;

export const heldId = z.string().regex(/^[0-9a-f-]{36}$/, 'A held item id is a UUID.');
