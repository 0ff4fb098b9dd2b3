import type { Job } from '../../shared/contract/jobs';

/** A job as main's watch stream reports it, for tests of what follows the queue. */
export const job = (id: string, state: Job['state'] = 'queued', change: Partial<Job> = {}): Job => ({
  id,
  fileName: `${id}.wav`,
  size: 1000,
  format: 'wav',
  createdAt: 1,
  state,
  responseFormat: 'verbose_json',
  step: null,
  planned: null,
  prepared: null,
  sentBytes: 0,
  totalBytes: 0,
  currentPart: null,
  partsInFlight: 0,
  wait: null,
  parts: [],
  durationSeconds: null,
  etaSeconds: null,
  failure: null,
  problem: null,
  recordId: null,
  ...change,
});
