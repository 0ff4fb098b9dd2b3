import type { Plan } from '../../shared/contract/settings';
import { type ChatOptions, FREE_MODEL, chatOptionsSchema } from '../../shared/domain/chat';
import { type PlanRefusal, planRefusals } from '../../shared/domain/plan-rules';
import { modelName } from '../common/names';

/**
 * ChatOptions as the fields hold them: the numbers stay as typed, so a bad value remains
 * visible next to its reason instead of snapping back to the last valid one.
 */
export type OptionsInput = Omit<ChatOptions, 'temperature' | 'maxTokens'> & { temperature: string; maxTokens: string };

export type OptionErrors = Partial<Record<keyof ChatOptions, string>>;


export const toInput = (options: ChatOptions): OptionsInput => ({
  ...options,
  temperature: options.temperature?.toString() ?? '',
  maxTokens: options.maxTokens?.toString() ?? '',
});

// An empty field means "the service's default", which the request expresses by leaving the field out.
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

const planProblem = (refusal: PlanRefusal): string =>
  refusal.field === 'model'
    ? `The ${modelName(refusal.model)} model needs the Pro plan. Choose ${modelName(FREE_MODEL)}, or change the plan in Settings.`
    : refusal.field === 'jsonMode'
      ? 'JSON mode needs the Pro plan. Turn it off, or change the plan in Settings.'
      : 'Tools need the Pro plan. Clear them, or change the plan in Settings.';

/**
 * Checks the fields with the shared schema (its messages are what the fields show) and the
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
    for (const issue of parsed.error.issues) errors[issue.path[0] as keyof ChatOptions] ??= issue.message;
  }
  // Main refuses these too; here they only warn beside their fields. Pro features left on from a Pro plan can still be turned off.
  for (const refusal of planRefusals(input, plan)) if (!errors[refusal.field]) errors[refusal.field] = planProblem(refusal);
  return { options: parsed.success ? parsed.data : null, errors };
}

export const hasErrors = (errors: OptionErrors) => Object.keys(errors).length > 0;
