import { z } from 'zod';
import { chatOptionsSchema, replyStateSchema, roleSchema, toolCallSchema, toolOutcomeSchema, usageSchema } from './chat';
import { sentItemSchema } from '../contract/documents';
import { sentContextSchema } from './context-budget';
import { serviceFailure } from './service-failure';

/** One message as the history keeps it: the wire message plus how and when it came to be. */
const messageFields = z.object({
  id: z.string().min(1),
  role: roleSchema,
  content: z.string(),
  /** For assistant replies; user and system messages are always complete. */
  state: replyStateSchema,
  usage: usageSchema.nullable(),
  failure: serviceFailure.nullable(),
  model: z.string().nullable(),
  createdAt: z.number(),
  /** Assistant messages that asked for tools (absent otherwise). */
  toolCalls: z.array(toolCallSchema).optional(),
  /** Tool messages: the call this answers, and how that call ended. */
  toolCallId: z.string().optional(),
  toolOutcome: toolOutcomeSchema.optional(),
  /** Pinned by the user: always sent, whatever the context budget (migration 20). */
  pinned: z.boolean().optional(),
  /** Replies: how much of the history their request carried, when some was left out. */
  sent: sentContextSchema.optional(),
  /**
   * A summary of earlier messages (role system, migration 21): the ids of the messages it stands
   * for. Sent in their place while they are left out; written by the model, editable by the user.
   */
  summary: z.object({ covers: z.array(z.string()).min(1) }).optional(),
  /** User messages: the documents and pastes the Send carried (migration 22, held-links.ts). */
  attached: z.array(sentItemSchema).optional(),
});

/** A version of a reply: what Retry or Regenerate replaced is kept as one, never lost. */
export const replyVersionSchema = messageFields.pick({ content: true, state: true, usage: true, failure: true, model: true, createdAt: true });

export const messageSchema = messageFields.extend({
  /**
   * A reply written more than once: its other versions in the order they were written, and
   * where the one shown (this message's content, which is what the model is sent) stands among them.
   */
  versions: z.object({ others: z.array(replyVersionSchema).min(1), position: z.number().int().min(0) }).optional(),
  /**
   * A message edited (or answered again) as a new branch: the ids of it and its siblings, in the
   * order written; the page shows ‹ 1 of 2 › and asks main to show another (conversations.showBranch).
   */
  branches: z.object({ siblings: z.array(z.string()).min(2) }).optional(),
});

/** A message off the conversation's current path (an older branch), under the message it follows (null: a first message). */
export const branchMessageSchema = messageSchema.extend({ parentId: z.string().nullable() });

/** A transcript a conversation was started about (Ask about this transcript): its text is in the system prompt. */
export const attachmentSchema = z.object({ kind: z.literal('transcript'), id: z.string(), fileName: z.string(), words: z.number().int().min(0) });

export const conversationMetaSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  systemPrompt: z.string(),
  options: chatOptionsSchema,
  pinned: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Absent for a conversation started without one. */
  attachment: attachmentSchema.optional(),
});

/**
 * `messages`: the current path, what the page shows and the model is sent. `otherBranches`: every
 * message of the other branches (an export, a backup's merge), absent when there are none.
 */
export const conversationSchema = conversationMetaSchema.extend({ messages: z.array(messageSchema), otherBranches: z.array(branchMessageSchema).optional() });

export const conversationSummarySchema = conversationMetaSchema.extend({
  messageCount: z.number(),
  /** The start of the last message, for the sidebar. */
  preview: z.string(),
});

export type Message = z.infer<typeof messageSchema>;
export type ReplyVersion = z.infer<typeof replyVersionSchema>;
export type BranchMessage = z.infer<typeof branchMessageSchema>;
export type Attachment = z.infer<typeof attachmentSchema>;
export type ConversationMeta = z.infer<typeof conversationMetaSchema>;
export type Conversation = z.infer<typeof conversationSchema>;
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/**
 * The message a Regenerate or Continue acts on: the path's last that is not a summary. A summary
 * made after the last reply rides along with it (main and the page read the path the same way).
 */
export const lastTurn = (messages: readonly Message[]) => messages.findLast((message) => !message.summary);

/** A reply that ended early with some text and asked for no tools: Continue can go on from it. */
export const canContinue = (message: Message) =>
  message.role === 'assistant' &&
  message.content.trim() !== '' &&
  !message.toolCalls?.length &&
  ['stopped', 'error', 'interrupted', 'truncated'].includes(message.state);
