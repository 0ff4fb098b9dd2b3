import { z } from 'zod';
import { errorText } from './error-text';

/**
 * Why a text is not JSON: it is empty, or its syntax is wrong. `detail` is the JavaScript
 * engine's own message (in its language, not the UI's), shown as it came.
 */
export const jsonProblemSchema = z.object({ reason: z.enum(['empty', 'syntax']), detail: z.string() });

/**
 * A text read as JSON: the value, or the text itself with why it is not JSON. Used for a
 * JSON-mode reply (is it valid?) and for a tool call's arguments (shown in full either way).
 */
export const jsonReadingSchema = z.discriminatedUnion('valid', [
  z.object({ valid: z.literal(true), value: z.unknown() }),
  z.object({ valid: z.literal(false), raw: z.string(), problem: jsonProblemSchema }),
]);

export type JsonProblem = z.infer<typeof jsonProblemSchema>;

export type JsonReading = z.infer<typeof jsonReadingSchema>;

export function readJson(text: string): JsonReading {
  try {
    return { valid: true, value: JSON.parse(text) };
  } catch (error) {
    const problem: JsonProblem = text.trim() === '' ? { reason: 'empty', detail: '' } : { reason: 'syntax', detail: errorText(error) };
    return { valid: false, raw: text, problem };
  }
}
