import { z } from 'zod';
import { serviceFailure } from '../domain/service-failure';
import { toolCallSchema, toolDecisionSchema, toolOutcomeSchema, toolRefSchema, usageSchema } from '../domain/chat';
import type { Message } from '../domain/conversation';
import { jsonReadingSchema } from '../domain/json';

export { toolDecisionSchema };

/**
 * Events of one completion. Text arrives as `delta` events (fragments coalesced in main to
 * at most one event per ~16 ms); exactly one of done, stopped or failed ends the stream.
 *
 * With tools, one stream can hold several steps (requests to the service). A step whose
 * reply asks for tools ends with `toolCalls`; each call then gets a `toolApproval` (unless a
 * rule allows or blocks it) and a `toolDecision`, then a `toolResult`; then `step` starts the next
 * assistant message. Deltas always belong to the latest assistant message.
 */
export const completionEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({
    type: z.literal('done'),
    finishReason: z.string().nullable(),
    usage: usageSchema.nullable(),
    model: z.string().nullable(),
  }),
  z.object({ type: z.literal('stopped') }),
  z.object({ type: z.literal('failed'), failure: serviceFailure }),
  /** The current assistant message is complete and asks for these calls (run one by one, in order). */
  z.object({ type: z.literal('toolCalls'), calls: z.array(toolCallSchema), usage: usageSchema.nullable(), model: z.string().nullable() }),
  /** Main waits for `conversations:decideTool` on this call; the arguments are shown in full. */
  z.object({ type: z.literal('toolApproval'), callId: z.string(), tool: toolRefSchema, arguments: jsonReadingSchema }),
  /** automatic: a permission rule decided (allow: approve; block: deny), so nobody was asked. */
  z.object({ type: z.literal('toolDecision'), callId: z.string(), decision: toolDecisionSchema, automatic: z.boolean() }),
  /** The tool message main added (`messageId`): the result, an error, or the denial the model is told. */
  z.object({ type: z.literal('toolResult'), callId: z.string(), messageId: z.string(), outcome: toolOutcomeSchema, content: z.string() }),
  /** A new assistant message (request `step` of at most `maxSteps`) starts after the tool results. */
  z.object({ type: z.literal('step'), step: z.number().int(), maxSteps: z.number().int(), messageId: z.string() }),
]);

export type CompletionEvent = z.infer<typeof completionEventSchema>;
export type ToolDecision = z.infer<typeof toolDecisionSchema>;

/** The history message a `toolResult` event stands for; main records it and the renderer shows it. */
export const toolResultMessage = (event: Extract<CompletionEvent, { type: 'toolResult' }>, createdAt: number): Message => ({
  id: event.messageId,
  role: 'tool',
  content: event.content,
  state: 'complete',
  usage: null,
  failure: null,
  model: null,
  createdAt,
  toolCallId: event.callId,
  toolOutcome: event.outcome,
});
