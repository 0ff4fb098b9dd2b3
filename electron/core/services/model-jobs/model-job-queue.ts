import { randomUUID } from 'node:crypto';
import type { ModelJob, ModelJobEvent } from '../../../../shared/contract/modelJobs';
import { Problem } from '../../../../shared/domain/problem';
import { createWatchers } from '../events/watchers';
import type { ModelRequests } from '../model-requests/model-requests';
import { cutToFit } from '../model-requests/fits';
import { type ModelJobHandler, itemSize } from './model-job-handler';
import type { ModelJobStore, StoredModelJob } from './model-job-store';
import { CLOSING, resultsOf, runModelJob } from './run-model-job';

/**
 * Model jobs running at once. Their own queue, so none waits behind a 3-hour transcription; two,
 * so notes asked for one meeting do not wait for another's. Each sends its parts at the pace the
 * service allows (partsInFlight), and every job shares that service.
 */
const MAX_RUNNING = 2;

const ZERO = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };

/** The job as the page sees it: parts counted, tokens summed. */
function viewOf(job: StoredModelJob, waitUntil: number | null): ModelJob {
  const done = job.parts.filter((part) => part.state === 'done');
  const usage = { ...ZERO };
  for (const part of done) for (const key of Object.keys(ZERO) as Array<keyof typeof ZERO>) usage[key] += part.usage?.[key] ?? 0;
  const { id, kind, subject, state, failure, problem, createdAt } = job;
  return { id, kind, subject, state, partsDone: done.length, partsTotal: job.parts.length, usage, waitUntil, failure, problem, createdAt };
}

export interface NewModelJob {
  kind: string;
  subject?: string | null;
  /** The model wanted on Pro. */
  model?: string;
  /** What the job works through, in order: parts are runs of these (a transcript's rows). */
  items: unknown[];
  /** What every part needs besides its items (a template, the user's own notes): kept with the job. */
  context?: unknown;
  /** Largest part in the handler's size units, whatever the model would take (so progress shows and a lost part costs little). */
  partSize?: number;
}

/**
 * Main's queue of model jobs: kept in jobs.sqlite, run by the handler their kind names, resumed
 * at the next start from the last finished part, and reported on the contract (modelJobs.watch).
 */
export function createModelJobQueue(deps: { store: ModelJobStore; models: Pick<ModelRequests, 'fits' | 'fitKey' | 'modelFor'>; partsInFlight(): number }) {
  const { store } = deps;
  store.requeueRunning();
  const jobs = new Map(store.all().map((job) => [job.id, job]));
  const handlers = new Map<string, ModelJobHandler>();
  const controllers = new Map<string, AbortController>();
  const running = new Map<string, Promise<void>>();
  const waits = new Map<string, number | null>();
  const watchers = createWatchers<ModelJobEvent>();
  const listeners = new Set<(event: ModelJobEvent) => void>();
  const view = (job: StoredModelJob) => viewOf(job, waits.get(job.id) ?? null);

  const emit = (event: ModelJobEvent) => {
    watchers.broadcast(event);
    for (const listener of listeners) listener(event);
  };
  const changed = (job: StoredModelJob) => emit({ type: 'job', job: view(job) });

  function find(id: string): StoredModelJob {
    const job = jobs.get(id);
    if (!job) throw new Problem('model_job.gone');
    return job;
  }

  function start(job: StoredModelJob, handler: ModelJobHandler) {
    const controller = new AbortController();
    controllers.set(job.id, controller);
    const model = deps.models.modelFor(job.model ?? undefined);
    const run = runModelJob(job, store.input(job.id), handler, { fits: deps.models.fits, fitKey: deps.models.fitKey, model, partsInFlight: deps.partsInFlight }, {
      signal: controller.signal,
      save: () => (store.save(job), changed(job)),
      saveParts: (parts) => store.saveParts(job.id, parts),
      text: (part, text) => emit({ type: 'text', id: job.id, part: part.from, text }),
      waiting: (until) => (waits.set(job.id, until), changed(job)),
    }).finally(() => {
      running.delete(job.id);
      controllers.delete(job.id);
      waits.delete(job.id);
      if (controller.signal.reason !== CLOSING) pump();
    });
    running.set(job.id, run);
  }

  function pump() {
    for (const job of jobs.values()) {
      if (running.size >= MAX_RUNNING) return;
      const handler = handlers.get(job.kind);
      if (job.state === 'queued' && handler && !running.has(job.id)) start(job, handler);
    }
  }

  return {
    /** A feature's handler for its kind; its jobs left from the last run go on once it is here. */
    register(kind: string, handler: ModelJobHandler) {
      handlers.set(kind, handler);
      queueMicrotask(pump);
      return () => void handlers.delete(kind);
    },

    add(request: NewModelJob): ModelJob {
      const handler = handlers.get(request.kind);
      if (!handler) throw new Error(`No handler for model jobs of kind ${request.kind}`);
      const model = deps.models.modelFor(request.model);
      const budget = Math.min(request.partSize ?? Infinity, deps.models.fits.budget(deps.models.fitKey(model)));
      let from = 0;
      const parts = cutToFit(request.items, itemSize(handler), budget).map((items) => ({ from, to: (from += items.length), state: 'waiting' as const, result: null, usage: null }));
      const job: StoredModelJob = {
        id: randomUUID(),
        kind: request.kind,
        subject: request.subject ?? null,
        state: 'queued',
        model: request.model ?? null,
        partSize: request.partSize ?? null,
        createdAt: Date.now(),
        failure: null,
        problem: null,
        parts,
      };
      store.add(job, { items: request.items, context: request.context ?? null });
      jobs.set(job.id, job);
      changed(job);
      pump();
      return view(job);
    },

    cancel(id: string) {
      const job = find(id);
      if (controllers.has(id)) return controllers.get(id)!.abort();
      if (job.state !== 'queued' && job.state !== 'interrupted') return;
      job.state = 'cancelled';
      store.save(job);
      changed(job);
    },

    /** Parts done stay done: only the rest is sent. */
    resume(id: string) {
      const job = find(id);
      if (!['failed', 'cancelled', 'interrupted'].includes(job.state)) return;
      Object.assign(job, { state: 'queued', failure: null, problem: null });
      store.save(job);
      changed(job);
      pump();
    },

    remove(id: string) {
      find(id);
      if (running.has(id)) throw new Problem('model_job.running');
      store.remove(id);
      jobs.delete(id);
      emit({ type: 'removed', ids: [id] });
    },

    /** A job's parts as they stand: a cancelled or failed job's finished parts, for its feature to keep what is done. */
    results: (id: string) => resultsOf(find(id), store.input(id)),
    get: (id: string) => (jobs.has(id) ? view(jobs.get(id)!) : null),
    list: () => [...jobs.values()].map(view),
    watch: (send: (event: ModelJobEvent) => void, signal: AbortSignal) => watchers.watch(send, signal, () => ({ type: 'jobs', jobs: [...jobs.values()].map(view) })),
    /** Main's own listeners (a feature following its jobs): the same events as a page gets. */
    onEvent(listener: (event: ModelJobEvent) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Quitting: running jobs stop where they are and go on at the next start. */
    async close() {
      for (const controller of controllers.values()) controller.abort(CLOSING);
      await Promise.allSettled([...running.values()]);
      store.close();
    },
  };
}

export type ModelJobQueue = ReturnType<typeof createModelJobQueue>;
