import { z } from 'zod';

/**
 * How much of a conversation's history a request carries (issue 40): everything, the last N
 * messages, or as many of the latest as fit in a token budget. The system prompt (with an
 * attached transcript), pinned messages and the message being answered are always sent.
 */
export const contextBudgetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('last'), messages: z.number().int().min(1).max(100_000) }),
  z.object({ kind: z.literal('tokens'), tokens: z.number().int().min(256).max(10_000_000) }),
]);
export type ContextBudget = z.infer<typeof contextBudgetSchema>;

export const SEND_EVERYTHING: ContextBudget = { kind: 'all' };

/** What one request carries: `messages` of the `of` on the conversation's path, ~`tokens` in all (estimated). */
export const sentContextSchema = z.object({
  messages: z.number().int().min(0),
  of: z.number().int().min(0),
  tokens: z.number().int().min(0),
  /** The model refused the request as too long and older messages were left out until it fit. */
  cut: z.boolean(),
  /**
   * What alone was too long for the model, when what is always sent (the system prompt with an
   * attached transcript, pinned messages, the message answered) did not fit by itself.
   */
  tooBig: z.enum(['system_prompt', 'attached', 'pinned', 'message']).optional(),
  /** The attached document or paste that was too long (tooBig "attached"): the page offers to send its first part. */
  item: z.object({ id: z.string(), name: z.string() }).optional(),
  /** The attached item (by name) of which only the first part was sent, as the user chose. */
  firstPartOf: z.string().optional(),
  /** A summary went in place of left-out messages: how many of them it stands for. */
  summary: z.number().int().min(0).optional(),
});
export type SentContext = z.infer<typeof sentContextSchema>;

/** What the next request would carry, for the composer and the list (ids of the messages left out). */
export const contextPlanSchema = sentContextSchema.omit({ cut: true, tooBig: true, item: true, firstPartOf: true, summary: true }).extend({
  leftOut: z.array(z.string()),
  /** Whose budget it follows: the conversation's own, or the default set in Settings (it sets none). */
  budget: z.enum(['conversation', 'settings']),
  /**
   * A summary carried in place of left-out messages: how many it covers, and how many left out
   * are newer than it (not in it: the page offers to summarize again).
   */
  summary: z.object({ covers: z.number().int().min(0), newer: z.number().int().min(0) }).optional(),
});
export type ContextPlanView = z.infer<typeof contextPlanSchema>;
