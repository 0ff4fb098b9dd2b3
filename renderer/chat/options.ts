import type { Plan } from '../../shared/contract/settings';
import { type ChatOptions, chatOptionsSchema } from '../../shared/domain/chat';
import { type PlanRefusal, planRefusals } from '../../shared/domain/plan-rules';

/**
 * ChatOptions as the fields hold them: the numbers stay as typed, so a bad value remains
 * visible next to its reason instead of snapping back to the last valid one.
 */
export type OptionsInput = Omit<ChatOptions, 'temperature' | 'maxTokens'> & { temperature: string; maxTokens: string };

/** What is wrong with one field: the schema's objection (named by its field) or the plan's; worded beside the field. */
export type OptionProblem = { field: 'schema'; key: keyof ChatOptions; outOfRange: boolean } | PlanRefusal;

export type OptionErrors = Partial<Record<keyof ChatOptions, OptionProblem>>;


export const toInput = (options: ChatOptions): OptionsInput => ({
  ...options,
  temperature: options.temperature?.toString() ?? '',
  maxTokens: options.maxTokens?.toString() ?? '',
});

// An empty field means "the service's default", which the request expresses by leaving the field out.
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/**
 * Checks the fields with the shared schema (each field's objection is worded in option-words.ts) and the
 * plan: on Free only the free model may be sent, whatever a conversation remembered.
 * `options` is set whenever the schema accepts the fields, even if the plan does not.
 */
export function checkOptions(input: OptionsInput, plan: Plan): { options: ChatOptions | null; errors: OptionErrors } {
  const parsed = chatOptionsSchema.safeParse({
    ...input,
    temperature: numberOrNull(input.temperature),
    maxTokens: numberOrNull(input.maxTokens),
  });
  const errors: OptionErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof ChatOptions;
      errors[key] ??= { field: 'schema', key, outOfRange: issue.code === 'too_big' || issue.code === 'too_small' };
    }
  }
  // Main refuses these too; here they only warn beside their fields. Pro features left on from a Pro plan can still be turned off.
  for (const refusal of planRefusals(input, plan)) errors[refusal.field] ??= refusal;
  return { options: parsed.success ? parsed.data : null, errors };
}

export const hasErrors = (errors: OptionErrors) => Object.keys(errors).length > 0;
