import { z } from 'zod';
import { serviceFailure } from '../domain/service-failure';
import { chatOptionsSchema, usageSchema, wireMessageSchema } from '../domain/chat';
import { stream } from './define';

export const completionInputSchema = chatOptionsSchema.extend({
  messages: z.array(wireMessageSchema).min(1, 'A conversation needs at least one message.'),
  /**
   * Where main records the reply as it grows (at least once a second, and when it ends), so
   * a crash loses at most the last second of text. Main creates the message itself.
   */
  save: z.object({ conversationId: z.string().min(1), messageId: z.string().min(1) }).optional(),
});

/**
 * Events of one completion. Text arrives as `delta` events (fragments coalesced in main to
 * at most one event per ~16 ms); exactly one of done, stopped or failed ends the stream.
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
]);

export const chatArea = {
  complete: stream(completionInputSchema, completionEventSchema),
};

export type CompletionInput = z.infer<typeof completionInputSchema>;
export type CompletionEvent = z.infer<typeof completionEventSchema>;
