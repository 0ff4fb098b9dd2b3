import type { ModelOutcome } from '../model-requests/model-requests';

/** One part as its handler gets it: the job's items [from, to) and the feature's context. */
export interface ModelJobPart {
  jobId: string;
  subject: string | null;
  from: number;
  to: number;
  items: unknown[];
  context: unknown;
  /** The model to ask (Free's one model on Free). */
  model: string;
}

/**
 * A job's results, part by part in order, for the feature to merge and keep: every part done when
 * the job finished, or those done so far of a job cancelled or failed (`done` false: no result).
 */
export interface FinishedModelJob {
  id: string;
  subject: string | null;
  context: unknown;
  parts: Array<{ from: number; to: number; items: unknown[]; result: unknown; done: boolean }>;
}

/**
 * What a feature registers for its kind of job ('notes'): the runner knows nothing of notes, only
 * that a part is one model request whose JSON result is kept when it finishes.
 */
export interface ModelJobHandler {
  /** One part's request, through model-requests (askJson): its outcome, never a throw for a service's refusal. */
  run(part: ModelJobPart, io: { signal: AbortSignal; onText(text: string): void }): Promise<ModelOutcome<unknown>>;
  /** Every part done: merge and keep the results (a thrown Problem fails the job with it; the parts stay done). */
  finish(job: FinishedModelJob): Promise<void> | void;
  /** An item's size in the units parts are cut in; JSON characters unless said. */
  size?(item: unknown): number;
}

export const itemSize = (handler: ModelJobHandler) => handler.size ?? ((item: unknown) => JSON.stringify(item)?.length ?? 0);
