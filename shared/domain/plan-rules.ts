import { z } from 'zod';
import { type ChatOptions, FREE_MODEL } from './chat';

export const planSchema = z.enum(['free', 'pro']);
export type Plan = z.infer<typeof planSchema>;

/** Transcription is a Pro feature: main refuses to queue a recording on Free, the page only warns. */
export const transcriptionAllowed = (plan: Plan) => plan === 'pro';

/** One thing in a chat's options the plan does not allow; the page words it beside its field. */
export type PlanRefusal = { field: 'model'; model: string } | { field: 'jsonMode' } | { field: 'tools' };

/**
 * The plan's rule for chat, written once: main refuses a reply whose options break it, and the
 * page uses it only to warn beside the fields before sending. Free sends the free model only,
 * without JSON mode or tools.
 */
export function planRefusals(options: Pick<ChatOptions, 'model' | 'jsonMode' | 'tools'>, plan: Plan): PlanRefusal[] {
  if (plan === 'pro') return [];
  const refusals: PlanRefusal[] = [];
  const model = options.model.trim();
  if (model !== FREE_MODEL) refusals.push({ field: 'model', model });
  if (options.jsonMode) refusals.push({ field: 'jsonMode' });
  if ((options.tools?.length ?? 0) > 0) refusals.push({ field: 'tools' });
  return refusals;
}
