import type { Fits } from '../model-requests/fits';
import { cutToFit } from '../model-requests/fits';
import { problemOf } from '../../../../shared/domain/problem';
import type { ServiceFailure } from '../../../../shared/domain/service-failure';
import { createTextCoalescer } from '../completion/coalescer';
import { RateLimited, asksToWait, scheduleParts } from '../jobs/part-scheduler';
import { type FinishedModelJob, type ModelJobHandler, itemSize } from './model-job-handler';
import type { ModelJobInput, StoredModelJob, StoredModelPart } from './model-job-store';

/** A job's parts with their items and results, as a feature merges them. */
export const resultsOf = (job: StoredModelJob, input: ModelJobInput): FinishedModelJob => ({
  id: job.id,
  subject: job.subject,
  context: input.context,
  parts: job.parts.map((part) => ({ from: part.from, to: part.to, items: input.items.slice(part.from, part.to), result: part.result, done: part.state === 'done' })),
});

/** The abort reason when Confab quits: the job stays running in the store and goes on at the next start. */
export const CLOSING = 'closing';

class PartFailed extends Error {
  constructor(readonly failure: ServiceFailure) {
    super(failure.message);
  }
}
class Stopped extends Error {}

export interface ModelRunDeps {
  fits: Fits;
  fitKey(model: string): string;
  model: string;
  partsInFlight(): number;
}

/** What a model job's run writes to: its row, its parts, and what it shows meanwhile. */
export interface ModelRunIo {
  signal: AbortSignal;
  save(): void;
  saveParts(parts: StoredModelPart[]): void;
  text(part: StoredModelPart, text: string): void;
  waiting(until: number | null): void;
}

/**
 * Runs a model job's parts still waiting, at the service's pace (part-scheduler.ts: 429 and 503
 * wait and the part goes again), each result stored as it arrives. A part bigger than the fit
 * learnt is cut before it is sent; one the service finds too long, or whose answer the token
 * cap cut off, is halved and both halves go on; any other refusal fails the job with the
 * service's words, keeping the parts done.
 */
export async function runModelJob(job: StoredModelJob, input: ModelJobInput, handler: ModelJobHandler, deps: ModelRunDeps, io: ModelRunIo) {
  const size = itemSize(handler);
  const key = deps.fitKey(deps.model);
  const sizeOf = (part: StoredModelPart) => input.items.slice(part.from, part.to).reduce<number>((sum, item) => sum + size(item), 0);

  /** Replaces `part` by the parts `cuts` makes of its items (the first keeps its row: it starts where the part did). */
  function split(part: StoredModelPart, cuts: unknown[][]) {
    let from = part.from;
    const parts = cuts.map((items) => ({ from, to: (from += items.length), state: 'waiting' as const, result: null, usage: null }));
    job.parts.splice(job.parts.indexOf(part), 1, ...parts);
    io.saveParts(parts);
    io.save();
  }

  function halve(part: StoredModelPart, items: unknown[]) {
    const half = Math.ceil(items.length / 2);
    split(part, [items.slice(0, half), items.slice(half)]);
  }

  async function work(part: StoredModelPart) {
    const items = input.items.slice(part.from, part.to);
    const cuts = cutToFit(items, size, Math.min(job.partSize ?? Infinity, deps.fits.budget(key)));
    if (cuts.length > 1) return split(part, cuts);
    // The text as it streams reaches the pages at most once a frame, as the chat's does.
    const text = createTextCoalescer((joined) => io.text(part, joined));
    const outcome = await handler
      .run({ jobId: job.id, subject: job.subject, from: part.from, to: part.to, items, context: input.context, model: deps.model }, { signal: io.signal, onText: text.push })
      .finally(text.flush);
    if (outcome.ok) {
      await deps.fits.record(key, sizeOf(part), true);
      // An answer the token cap cut off lost what came after it: half the items leave each half's
      // answer room to end whole. A part of one item keeps what its answer held.
      if (outcome.truncated && items.length > 1) return halve(part, items);
      Object.assign(part, { state: 'done', result: outcome.value, usage: outcome.usage });
      io.saveParts([part]);
      return io.save();
    }
    const { failure } = outcome;
    if (!failure || io.signal.aborted) throw new Stopped();
    if (failure.reason === 'context_too_long' && items.length > 1) {
      await deps.fits.record(key, sizeOf(part), false);
      return halve(part, items);
    }
    if (asksToWait(failure)) throw new RateLimited(failure.retryAfterSeconds, failure);
    throw new PartFailed(failure);
  }

  Object.assign(job, { state: 'running', failure: null, problem: null });
  io.save();
  try {
    // Rounds until no part waits: a round's splits are the next round's parts.
    for (let waiting = job.parts.filter((part) => part.state === 'waiting'); waiting.length; waiting = job.parts.filter((part) => part.state === 'waiting')) {
      await scheduleParts(waiting, { max: deps.partsInFlight(), signal: io.signal, work, onWait: io.waiting });
      if (io.signal.aborted) throw new Stopped();
    }
    await handler.finish(resultsOf(job, input));
    job.state = 'done';
  } catch (error) {
    if (io.signal.reason === CLOSING) return;
    if (error instanceof Stopped || io.signal.aborted) job.state = 'cancelled';
    else {
      job.state = 'failed';
      if (error instanceof PartFailed || error instanceof RateLimited) job.failure = (error as { failure: ServiceFailure }).failure;
      else job.problem = problemOf(error) ?? { code: 'unexpected', values: { detail: error instanceof Error ? error.message : String(error) } };
    }
  } finally {
    io.waiting(null);
  }
  io.save();
}
