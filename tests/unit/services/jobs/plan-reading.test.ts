import { describe, expect, it } from 'vitest';
import { DEFAULT_JOB_REQUEST } from '../../../../shared/contract/jobs';
import type { AudioSplitter, SplitPlan } from '../../../../electron/core/services/audio-split/types';
import type { StoredJob } from '../../../../electron/core/services/jobs/job-store';
import { readPlan } from '../../../../electron/core/services/jobs/plan-reading';

const plan: SplitPlan = { sampleRate: 16_000, primingSamples: 0, durationSeconds: 20, complete: true, cuts: [{ index: 0, startSample: 0, endSample: 160_000 }, { index: 1, startSample: 160_000, endSample: 320_000 }] };
const job = (): StoredJob => ({
  id: 'j1', state: 'running', fileName: 'a.mp3', size: 1, format: 'mp3', mimeType: 'audio/mpeg', createdAt: 0, request: DEFAULT_JOB_REQUEST,
  sourcePath: '/nowhere/a.mp3', plan: null, parts: [], failure: null, problem: null, recordId: null, recordingId: null,
});
const splitter = { plan: async () => plan } as unknown as AudioSplitter;

describe('a plan read while its parts are sent', () => {
  it('hands over every part planned, then ends', async () => {
    const io = { signal: new AbortController().signal, save: () => undefined, savePart: () => undefined, live: () => undefined };
    const reading = readPlan(job(), splitter, io);
    const parts: number[] = [];
    for await (const part of reading.parts) parts.push(part.index);
    expect(parts).toEqual([0, 1]);
    await reading.done;
  });

  it('fails the schedule when the last parts cannot be kept, instead of leaving it waiting for ever', async () => {
    const io = { signal: new AbortController().signal, save: () => undefined, savePart: () => { throw new Error('disk full'); }, live: () => undefined };
    const reading = readPlan(job(), splitter, io);
    const drained = (async () => {
      for await (const part of reading.parts) void part;
    })();
    await expect(drained).rejects.toThrow('disk full');
    await reading.done;
  });
});
