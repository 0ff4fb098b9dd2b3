/**
 * A long recording's plan as it grows: each part is stored as soon as its cut is decided and
 * handed to the job's schedule, so the first parts are made and sent while the rest is read.
 * The plan is stored before its new parts, so a crash between the two leaves cuts without rows,
 * which `partsFor` adds at the next run; never a part without its cut.
 */
import { EventEmitter, on } from 'node:events';
import type { AudioSplitter, SplitPlan } from '../audio-split/types';
import type { StoredJob, StoredPart } from './job-store';
import type { RunIo } from './run-io';

/** Stores `plan` and a part for each cut that has none yet; answers those parts. */
export function partsFor(job: StoredJob, plan: SplitPlan, io: Pick<RunIo, 'save' | 'savePart'>): StoredPart[] {
  const added = plan.cuts.slice(job.parts.length).map((cut): StoredPart => ({ index: cut.index, state: 'waiting', transcript: null, flag: null, encoded: null }));
  job.plan = plan;
  io.save();
  job.parts.push(...added);
  for (const part of added) io.savePart(part);
  return added;
}

export interface PlanReading {
  /** The parts as they are planned; ends with the plan, or throws its failure. */
  parts: AsyncIterable<StoredPart>;
  /** Stops reading (a part failed): what is planned so far stays, and a Retry goes on from there. */
  stop(): void;
  /** Settles once reading has ended, whichever way. */
  done: Promise<void>;
}

/** Reads the rest of the job's recording (all of it, or after the parts a stored plan has). */
export function readPlan(job: StoredJob, splitter: AudioSplitter, io: RunIo): PlanReading {
  const reading = new AbortController();
  const stop = () => reading.abort(io.signal.reason);
  io.signal.addEventListener('abort', stop, { once: true });
  const arrivals = new EventEmitter();
  const arrived = on(arrivals, 'part', { close: ['end'] });
  io.live({ step: 'planning', planned: { doneSeconds: 0, totalSeconds: null } }, true);
  const done = splitter
    .plan({
      path: job.sourcePath,
      signal: reading.signal,
      known: job.plan,
      onProgress: (planned) => io.live({ planned }),
      onPlan: (plan) => {
        if (!reading.signal.aborted) for (const part of partsFor(job, plan, io)) arrivals.emit('part', part);
      },
    })
    .then((plan) => {
      for (const part of partsFor(job, plan, io)) arrivals.emit('part', part);
      io.live({ step: 'transcribing', planned: null }, true);
      arrivals.emit('end');
    })
    // The schedule fails with it, a failure to keep the last parts too (a schedule that has ended listens no more).
    .catch((error: unknown) => void (arrivals.listenerCount('error') && arrivals.emit('error', error)))
    .finally(() => io.signal.removeEventListener('abort', stop));
  return {
    parts: (async function* () {
      for await (const [part] of arrived) yield part as StoredPart;
    })(),
    stop,
    done,
  };
}
