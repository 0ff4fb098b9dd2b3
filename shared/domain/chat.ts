import { z } from 'zod';
import { serviceFailure } from './service-failure';

/** Roles of the seed's message (§2.1). */
export const roleSchema = z.enum(['system', 'user', 'assistant', 'tool']);

export const usageSchema = z.object({
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  total_tokens: z.number(),
});

/** The models the seed advertises, with its own descriptions; any other id may be typed (Pro). */
export const KNOWN_MODELS = [
  { id: 'default', description: 'General-purpose use', plan: 'free' },
  { id: 'fast', description: 'Ultra-low latency, routine tasks', plan: 'pro' },
  { id: 'pro', description: 'High intelligence, complex reasoning', plan: 'pro' },
] as const;

export const FREE_MODEL = 'default';

/** Request options a conversation carries; validated before anything is sent. */
export const chatOptionsSchema = z.object({
  model: z.string().trim().min(1, 'Choose a model or type a model id.'),
  temperature: z
    .number({ error: 'Temperature must be a number from 0 to 2.' })
    .min(0, 'Temperature must be from 0 to 2.')
    .max(2, 'Temperature must be from 0 to 2.')
    .nullable(),
  maxTokens: z
    .number({ error: 'Maximum tokens must be a whole number above 0.' })
    .int('Maximum tokens must be a whole number above 0.')
    .positive('Maximum tokens must be a whole number above 0.')
    .nullable(),
  stream: z.boolean(),
});

export const wireMessageSchema = z.object({ role: roleSchema, content: z.string() });

/**
 * How a reply ended: complete (the server finished), stopped (the user pressed Stop),
 * error (a failure; the text that arrived is kept), interrupted (the app quit mid-reply).
 */
export const replyStateSchema = z.enum(['streaming', 'complete', 'stopped', 'error', 'interrupted']);

export type ChatRole = z.infer<typeof roleSchema>;
export type Usage = z.infer<typeof usageSchema>;
export type ChatOptions = z.infer<typeof chatOptionsSchema>;
export type WireMessage = z.infer<typeof wireMessageSchema>;
export type ReplyState = z.infer<typeof replyStateSchema>;
export { serviceFailure };
