import { z } from 'zod';
import { chatOptionsSchema, toolRefSchema } from '../domain/chat';
import { contextPlanSchema } from '../domain/context-budget';
import { conversationMetaSchema, messageSchema } from '../domain/conversation';
import { jsonReadingSchema } from '../domain/json';
import { problemSchema } from '../domain/problem';
import { issueOf } from '../domain/problem';
import { MAX_HELD_PER_MESSAGE, heldId, heldItemSchema } from './documents';
import { completionEventSchema, toolDecisionSchema } from './chat';
import { call, stream } from './define';
import { saveOutcomeSchema } from './files';
import { diskRefusalSchema } from './storage';

const conversationId = z.string().min(1);
/** The longest message Confab sends, stated in the composer before it is reached. */
export const MAX_MESSAGE_CHARS = 1_000_000;
/** The longest paste Confab holds for the composer (by reference, staged in main). */
export const MAX_PASTE_BYTES = 100 * 1024 * 1024;
const draft = z
  .string()
  .trim()
  .refine((text) => text !== '', issueOf('conversation_input.message_missing'))
  .refine((text) => text.length <= MAX_MESSAGE_CHARS, issueOf('conversation_input.message_too_long', { max: MAX_MESSAGE_CHARS }));

/** Held items (documents, long pastes) a Send carries: their text goes with every request of the conversation from then on. */
const held = z.array(heldId).max(MAX_HELD_PER_MESSAGE);
export const attachOutcomeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), item: heldItemSchema }),
  z.object({ ok: z.literal(false), problem: problemSchema }),
]);

/**
 * What the user sees in the options panel when they ask for a reply. Main saves it on the
 * conversation first, so the reply follows the screen even if an earlier save is still on
 * its way. Main keeps its own always-allowed tools whatever these say.
 */
const shownSettings = { systemPrompt: z.string().optional(), options: chatOptionsSchema.optional() };

/** A reply main has started: the conversation (new for a first message) and the assistant message it writes. */
export const replyStartedSchema = z.object({ conversationId: z.string(), messageId: z.string() });

/** A reply being written now, as a page that (re)subscribes needs it to show the rest. */
export const liveReplySchema = z.object({
  conversationId: z.string(),
  /** The assistant message being written (with tools, the latest step's). */
  messageId: z.string(),
  /** Its text so far. */
  text: z.string(),
  /** Tool calls waiting for the user, in the order asked. */
  approvals: z.array(z.object({ callId: z.string(), tool: toolRefSchema, arguments: jsonReadingSchema })),
  step: z.object({ step: z.number().int(), maxSteps: z.number().int() }).nullable(),
});

/**
 * One watch stream per page carries every conversation's changes. The first event is
 * `replies`: every reply being written at that moment; the rest follow live.
 */
export const watchEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('replies'), replies: z.array(liveReplySchema) }),
  /**
   * Main changed a conversation's messages to start a reply: messages after `truncateAfter`
   * (none when null) are gone, then `messages` are added or replace those with their ids.
   * `created`: the conversation is new, and these are all its messages.
   */
  z.object({
    type: z.literal('started'),
    conversation: conversationMetaSchema,
    created: z.boolean(),
    truncateAfter: z.string().nullable(),
    /** An edit or a Retry: this message and those after it leave the view (they stay, in the branch left). */
    replacedFrom: z.string().optional(),
    messages: z.array(messageSchema),
  }),
  /** The conversation's current path changed (another branch shown): pages that hold it read it again. */
  z.object({ type: z.literal('path'), conversationId: z.string() }),
  /** A message main has just written for a reply (a finished step, a tool result, the ending). */
  z.object({ type: z.literal('message'), conversationId: z.string(), message: messageSchema }),
  /** The reply's own events, as one completion's (see `completionEventSchema`). */
  z.object({ type: z.literal('reply'), conversationId: z.string(), event: completionEventSchema }),
  /** A conversation saved as it now is (renamed, pinned, restored, imported) in any window: every sidebar lists it so. */
  z.object({ type: z.literal('listed'), conversation: conversationMetaSchema }),
  /** A conversation deleted in any window: it leaves every page at once. */
  z.object({ type: z.literal('removed'), conversationId: z.string() }),
  /** Replies main keeps because the disk refused them, and why; null once all are written. */
  z.object({ type: z.literal('unsaved'), refusal: diskRefusalSchema.nullable() }),
  /**
   * A repair of the damaged history file ended (history:status says how): a repair may lose rows
   * and a backup bring others back, so every view of the history reads it again, and a call that
   * was refused while it ran ("repairing") can be made again.
   */
  z.object({ type: z.literal('repaired') }),
]);

/**
 * Everything that changes a conversation's messages is an intent here: the page sends the
 * user's words and choices, main decides what is stored and what the model is sent (from
 * the stored history), runs the reply whether or not any page watches, and reports it on
 * `watch`. A conversation writes one reply at a time; another intent meanwhile is refused.
 */
export const conversationsArea = {
  watch: stream(z.void(), watchEventSchema),
  /** A new message (`conversationId` null: in a new conversation, with these settings) and its reply. */
  send: call(z.object({ conversationId: conversationId.nullable(), text: draft, attached: held.optional(), ...shownSettings }).strict(), replyStartedSchema),
  /**
   * Replaces the reply to the last user message with a new one (also Retry after a failure), the old
   * one kept among its versions; a reply behind tool steps is left whole, as another branch.
   */
  regenerate: call(z.object({ conversationId, ...shownSettings }).strict(), replyStartedSchema),
  /** Answers the last message again with only the first part of an attached document or paste that alone was too long. */
  sendFirstPart: call(z.object({ conversationId, itemId: z.string().min(1) }).strict(), replyStartedSchema),
  /** The same with a summary main writes of that item (in parts the model takes), sent in its place from then on. */
  sendSummary: call(z.object({ conversationId, itemId: z.string().min(1) }).strict(), replyStartedSchema),
  /** Undoes "send the beginning" or "send a summary": the item goes whole in the conversation's next requests again (every page gets its message). */
  sendWhole: call(z.object({ conversationId, itemId: heldId }).strict(), z.void()),
  /** Sends a user message as edited, as a new branch beside it (the old one stays, with all that followed it), and answers it. */
  edit: call(z.object({ conversationId, messageId: z.string().min(1), text: draft, ...shownSettings }).strict(), replyStartedSchema),
  /** Retry on a user message: a new reply to it in a new branch (its old reply and everything after it stay); a user message of the path. */
  retry: call(z.object({ conversationId, messageId: z.string().min(1), ...shownSettings }).strict(), replyStartedSchema),
  /** Asks the model to go on with a reply that ended early (stopped, cut by the token limit, broken off); the text joins the same message. */
  continue: call(z.object({ conversationId, messageId: z.string().min(1) }).strict(), replyStartedSchema),
  /** Shows another of a reply's versions (kept by Retry and Regenerate); what the model is sent follows it. */
  showVersion: call(z.object({ conversationId, messageId: z.string().min(1), version: z.number().int().min(0) }).strict(), messageSchema),
  /** Pins a message (always sent, whatever the context budget) or unpins it; every page gets it as a `message` event. */
  pinMessage: call(z.object({ conversationId, messageId: z.string().min(1), pinned: z.boolean() }).strict(), messageSchema),
  /** What the next request would carry (the composer's line) and which messages it leaves out (marked in the list). */
  contextPlan: call(z.object({ conversationId }).strict(), contextPlanSchema),
  /**
   * Summarize earlier messages: main has the model summarize what the next request leaves out and
   * keeps the summary as a message of its own, sent in place of them while they stay left out.
   */
  summarize: call(z.object({ conversationId }).strict(), messageSchema),
  /** The user's words for a summary, sent from then on (the earlier text stays as a version). */
  editSummary: call(z.object({ conversationId, messageId: z.string().min(1), text: draft }).strict(), messageSchema),
  /**
   * Shows the branch through a message (a sibling, a search hit in another branch): its latest
   * descendant ends the path. Whether the path changed (false: the message was on it already).
   */
  showBranch: call(z.object({ conversationId, messageId: z.string().min(1) }).strict(), z.boolean()),
  /** Branch from here: a new conversation with a copy of the path up to this message. */
  branchFrom: call(z.object({ conversationId, messageId: z.string().min(1) }).strict(), conversationMetaSchema),
  /** Stops the conversation's reply; nothing when none is being written. */
  stop: call(z.object({ conversationId }).strict(), z.void()),
  /**
   * A file staged for 'document' or a paste staged for 'paste' (too long for a message): main
   * reads its text off its thread and holds it for the next Send (shared/contract/documents.ts);
   * a file it cannot read, or past a cap, is refused by name.
   */
  attach: call(z.object({ fileId: z.string().min(1).max(100) }).strict(), attachOutcomeSchema),
  /**
   * A held item saved where the user chooses, as a text file: one still in the composer
   * (`conversationId` null) or one a sent message of `conversationId` carried (refused for another's).
   */
  saveHeld: call(z.object({ id: heldId, conversationId: conversationId.nullable() }).strict(), saveOutcomeSchema),
  /** The user removed a held item from the composer: main lets it go. */
  removeHeld: call(z.object({ id: heldId }).strict(), z.void()),
  /** Answers a `toolApproval`; refused when that call is not waiting (unknown, decided, or its reply ended). */
  decideTool: call(z.object({ conversationId, callId: z.string().min(1), decision: toolDecisionSchema }).strict(), z.void()),
};

export type WatchEvent = z.infer<typeof watchEventSchema>;
export type LiveReply = z.infer<typeof liveReplySchema>;
export type ReplyStarted = z.infer<typeof replyStartedSchema>;
