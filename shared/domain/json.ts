import { z } from 'zod';
import { errorText } from './error-text';

/**
 * A text read as JSON: the value, or the text itself with why it is not JSON. Used for a
 * JSON-mode reply (is it valid?) and for a tool call's arguments (shown in full either way).
 */
export const jsonReadingSchema = z.discriminatedUnion('valid', [
  z.object({ valid: z.literal(true), value: z.unknown() }),
  z.object({ valid: z.literal(false), raw: z.string(), problem: z.string() }),
]);

export type JsonReading = z.infer<typeof jsonReadingSchema>;

export function readJson(text: string): JsonReading {
  try {
    return { valid: true, value: JSON.parse(text) };
  } catch (error) {
    const problem = text.trim() === '' ? 'The text is empty.' : errorText(error);
    return { valid: false, raw: text, problem };
  }
}
