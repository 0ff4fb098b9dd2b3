import { z } from 'zod';
import { problemSchema } from '../domain/problem';
import { chatOptionsSchema, roleSchema } from '../domain/chat';
import {
  conversationMetaSchema,
  conversationSchema,
  conversationSummarySchema,
  messageSchema,
} from '../domain/conversation';
import { call, stream } from './define';
import { saveOutcomeSchema } from './files';

/**
 * The largest conversation file Confab imports: a worker thread reads and checks it whole, so
 * this keeps that thread's memory to a few hundred MB (main holds one part at a time).
 */
export const MAX_IMPORT_BYTES = 100 * 1024 * 1024;

const id = z.object({ id: z.string().min(1) });

/** Text around a match; matched words are wrapped in U+E000 … U+E001. */
const snippet = z.string();

export const searchHitSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('message'),
    conversationId: z.string(),
    conversationTitle: z.string(),
    messageId: z.string(),
    role: roleSchema,
    snippet,
    createdAt: z.number(),
  }),
  z.object({ kind: z.literal('transcript'), transcriptId: z.string(), fileName: z.string(), snippet, createdAt: z.number() }),
]);

export const importOutcomeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), conversation: conversationMetaSchema }),
  z.object({ ok: z.literal(false), problem: problemSchema }),
]);

/** How far an import is: bytes of the file read, then messages written (one conversation a file). */
export const importProgressSchema = z.object({
  bytesRead: z.number(),
  totalBytes: z.number(),
  messagesDone: z.number(),
  /** Known once the file is read and checked; null until then. */
  messagesTotal: z.number().nullable(),
});

export const backupInfoSchema = z.object({
  /** The backup's file name in the data folder's backups/ folder: its only handle. */
  id: z.string(),
  createdAt: z.number(),
  size: z.number(),
  /** Taken automatically before a schema migration (the others: while Confab runs, or on request). */
  beforeMigration: z.boolean(),
  conversations: z.number(),
  transcripts: z.number(),
});

/** What a restore (a merge into the current history) did: conversations new, kept as copies, already there. */
export const restoreOutcomeSchema = z.object({
  added: z.number(),
  copied: z.number(),
  unchanged: z.number(),
  transcripts: z.number(),
});

export const historyArea = {
  /**
   * What happened to a damaged or unusable history file (why, what was salvaged, where the old
   * file was kept, what a backup brought back), in order, or null; the page words each part.
   */
  status: call(z.void(), z.object({ problem: z.array(problemSchema).nullable(), noticeId: z.string().nullable() })),
  /**
   * The user has read the account `id` names (dismissed it): status answers null from now on, and
   * the backups a repair merged go with the rotation again (until then they are kept beyond the
   * last 7, also across restarts). An id other than the current notice's (one dismissed in a page
   * that had not seen a newer repair) changes nothing.
   */
  noticeSeen: call(z.object({ id: z.string().max(100) }), z.void()),
  list: call(z.void(), z.array(conversationSummarySchema)),
  /**
   * With `limit`, only the conversation's last `limit` messages, and whether earlier ones
   * remain (`hasEarlier`, for `earlierMessages`); without it, every message.
   */
  open: call(
    id.extend({ limit: z.number().int().min(1).optional() }),
    conversationSchema.extend({ hasEarlier: z.boolean().optional() }),
  ),
  /** Up to `limit` messages just before `beforeMessageId`, oldest first. */
  earlierMessages: call(
    z.object({ id: z.string().min(1), beforeMessageId: z.string().min(1), limit: z.number().int().min(1) }),
    z.object({ messages: z.array(messageSchema), hasEarlier: z.boolean() }),
  ),
  update: call(
    z
      .object({
        id: z.string().min(1),
        title: z.string().trim().min(1, 'A title cannot be empty.').max(200, 'Keep the title under 200 characters.'),
        systemPrompt: z.string(),
        options: chatOptionsSchema,
        pinned: z.boolean(),
      })
      .partial({ title: true, systemPrompt: true, options: true, pinned: true })
      .strict(),
    conversationMetaSchema,
  ),
  /** Hidden at once; purged at the next start unless restored (undo). */
  remove: call(id, z.void()),
  restore: call(id, z.void()),
  search: call(z.object({ query: z.string().max(500), limit: z.number().int().min(1).max(200).optional() }), z.array(searchHitSchema)),
  exportConversation: call(z.object({ id: z.string(), format: z.enum(['markdown', 'json']) }), saveOutcomeSchema),
  /** Every conversation as Markdown and JSON in one zip archive. */
  exportAll: call(z.void(), saveOutcomeSchema),
  /** The automatic backups, newest first. */
  backups: call(z.void(), z.array(backupInfoSchema)),
  backUpNow: call(z.void(), backupInfoSchema),
  /** Merges a backup into the current history; nothing there is overwritten or removed. */
  restoreBackup: call(z.object({ id: z.string().min(1).max(200) }), restoreOutcomeSchema),
  /** A conversation export the user chose, staged for 'import' (its bytes never ride in a message); it is removed either way. */
  import: call(z.object({ fileId: z.string().min(1).max(100) }).strict(), importOutcomeSchema),
  /** The progress of the import of `fileId` (started before or after it), until it ends or is cancelled. */
  importProgress: stream(z.object({ fileId: z.string().min(1).max(100) }).strict(), importProgressSchema),
  /** Stops the import of `fileId`: it answers import.cancelled and leaves nothing of the file in the history. */
  cancelImport: call(z.object({ fileId: z.string().min(1).max(100) }).strict(), z.void()),
};

export type SearchHit = z.infer<typeof searchHitSchema>;
export type ImportOutcome = z.infer<typeof importOutcomeSchema>;
export type ImportProgress = z.infer<typeof importProgressSchema>;
export type BackupInfo = z.infer<typeof backupInfoSchema>;
export type RestoreOutcome = z.infer<typeof restoreOutcomeSchema>;
