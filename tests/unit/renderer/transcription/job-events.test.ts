import { describe, expect, it } from 'vitest';
import { applyJobEvent } from '../../../../renderer/transcription/job-events';
import { job } from '../../../support/job';

// The page only mirrors main's queue, as its watch stream reports it.

describe("the page's copy of the queue", () => {
  it('starts from the first event, then takes each change, order and removal as main sends them', () => {
    let jobs = applyJobEvent(null, { type: 'jobs', jobs: [job('a', 'running'), job('b')] });
    jobs = applyJobEvent(jobs, { type: 'job', job: { ...job('a', 'running'), sentBytes: 500, totalBytes: 1000 } });
    jobs = applyJobEvent(jobs, { type: 'job', job: job('c') });
    expect(jobs.map((j) => [j.id, j.sentBytes])).toEqual([['a', 500], ['b', 0], ['c', 0]]);
    jobs = applyJobEvent(jobs, { type: 'order', ids: ['a', 'c', 'b'] });
    expect(jobs.map((j) => j.id)).toEqual(['a', 'c', 'b']);
    jobs = applyJobEvent(jobs, { type: 'removed', ids: ['c'] });
    expect(jobs.map((j) => j.id)).toEqual(['a', 'b']);
    // A page that reloads starts again from main's state, whatever it held.
    expect(applyJobEvent(jobs, { type: 'jobs', jobs: [] })).toEqual([]);
  });
});
