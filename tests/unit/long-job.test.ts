import { describe, expect, it, vi } from 'vitest';
import type { StreamMessage } from '../../shared/contract/client';
import type { FileStager } from '../../shared/contract/staging';
import type { TranscriptRecord, TranscriptionEvent, TranscriptionRequest } from '../../shared/contract/transcription';
import type { Transcript } from '../../shared/domain/transcript';
import type { SplitPlan } from '../../renderer/transcription/long/cut-points';
import { type JobHost, LongJob, type LongJobView } from '../../renderer/transcription/long/job';
import { type Splitter, SplitterStopped } from '../../renderer/transcription/long/splitter';
import type { TranscriptionApi } from '../../renderer/transcription/long/staging';

// The long-recording job against a scripted main and splitter: the order of its steps, the
// prompt chain, a failed part retried alone, Cancel, and what is left staged.

const RATE = 16_000;
/** Three parts; the cuts are where pauses were, not at round numbers. */
const PLAN: SplitPlan = {
  sampleRate: RATE,
  totalSamples: 2700 * RATE + 123,
  threshold: -50,
  cuts: [
    { sample: 900 * RATE + 4321, targetSample: 900 * RATE, pause: { startSample: 900 * RATE, endSample: 900 * RATE + 9000, level: -60 } },
    { sample: 1800 * RATE - 777, targetSample: 1800 * RATE, pause: null },
  ],
  parts: [
    { index: 0, startSample: 0, endSample: 900 * RATE + 4321 },
    { index: 1, startSample: 900 * RATE + 4321, endSample: 1800 * RATE - 777 },
    { index: 2, startSample: 1800 * RATE - 777, endSample: 2700 * RATE + 123 },
  ],
};

const transcript = (text: string): Transcript => ({
  format: 'verbose_json',
  text,
  raw: '',
  language: 'en',
  duration: 900,
  segments: [{ id: 0, start: 1, end: 2, text }],
  words: [{ word: text.split(' ')[0]!, start: 1, end: 1.5 }],
});

const USER: Omit<TranscriptionRequest, 'fileId'> = {
  model: 'speech-1',
  language: '',
  prompt: 'Board meeting.',
  responseFormat: 'srt',
  granularities: [],
  keep: true,
};

interface Setup {
  /** Answers for transcribe.start, in order: 'ok', a failure, or 'hang' (until cancelled). */
  answers?: Array<'ok' | 'fail' | 'hang'>;
}

function setup({ answers = [] }: Setup = {}) {
  const log: string[] = [];
  const listeners = new Set<(message: StreamMessage<TranscriptionEvent>) => void>();
  const streams = new Map<string, TranscriptionRequest>();
  const staged = new Set<string>();
  const emit = (id: string, event: TranscriptionEvent) => queueMicrotask(() => listeners.forEach((l) => l({ id, event })));
  let nextFile = 0;
  let nextStream = 0;
  const pendingStages = new Map<string, { name: string; purpose: string }>();
  const saveMerged = vi.fn(async (input: Parameters<TranscriptionApi['saveMerged']>[0]): Promise<TranscriptRecord> => {
    log.push('saveMerged');
    staged.delete(input.originalFileId);
    return { id: 'record-1', fileName: 'board.mp3', createdAt: 0, request: input.request as TranscriptRecord['request'], transcript: transcript('merged') };
  });
  const files: FileStager = {
    stage: async (_blob, { name, purpose }) => {
      const fileId = `stage-${nextFile++}`;
      pendingStages.set(fileId, { name, purpose });
      log.push(`staged ${name}`);
      staged.add(fileId);
      return { ok: true as const, file: { fileId, name, size: 1, format: 'webm' as const, mimeType: 'audio/webm' } };
    },
  };
  const api = {
    discard: async ({ fileId }: { fileId: string }) => {
      log.push(`discard ${pendingStages.get(fileId)?.name}`);
      staged.delete(fileId);
    },
    transcribe: {
      subscribe: (listener: (message: StreamMessage<TranscriptionEvent>) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      start: async (request: TranscriptionRequest) => {
        const id = `stream-${nextStream++}`;
        streams.set(id, request);
        const name = pendingStages.get(request.fileId)!.name;
        log.push(`transcribe ${name}`);
        const answer = answers.shift() ?? 'ok';
        emit(id, { type: 'progress', sentBytes: 1, totalBytes: 2 });
        if (answer === 'ok') {
          staged.delete(request.fileId); // keep: false
          emit(id, { type: 'done', record: { id: `part-${id}`, fileName: name, createdAt: 0, request, transcript: transcript(`words of ${name}`) } });
        } else if (answer === 'fail') {
          emit(id, { type: 'failed', failure: { kind: 'server', status: 500, code: null, message: 'Backend restarting.', host: null, retryAfterSeconds: null } });
        }
        return { id };
      },
      cancel: async (id: string) => {
        log.push(`cancel ${id}`);
        emit(id, { type: 'stopped' });
      },
    },
    saveMerged,
  } as unknown as TranscriptionApi;

  let encoding = 0;
  let maxConcurrentEncodes = 0;
  const terminate = vi.fn();
  const rejectors = new Set<(error: Error) => void>();
  const splitter: Splitter = {
    async analyze(_file, _options, onProgress) {
      onProgress(1350, 2700);
      return { plan: PLAN, stats: { primingSamples: 0, levelsBytes: 216_000, decodeMs: 1, codec: 'mp3', channels: 1 } };
    },
    async encode(_file, part) {
      encoding++;
      maxConcurrentEncodes = Math.max(maxConcurrentEncodes, encoding);
      log.push(`encode ${part.index + 1}`);
      await new Promise<void>((resolve, reject) => {
        rejectors.add(reject);
        setTimeout(resolve, 5);
      });
      encoding--;
      return { bytes: new ArrayBuffer(1000 + part.index), encodeMs: 1 };
    },
    terminate() {
      terminate();
      for (const reject of rejectors) reject(new SplitterStopped());
    },
  };

  const finished = vi.fn();
  const host: JobHost = { request: () => USER, subscribe: () => () => undefined, finished };
  const file = new File([new Uint8Array(64)], 'board.mp3', { type: 'audio/mpeg' });
  const job = new LongJob('job-1', file, host, { api, files, createSplitter: () => splitter });
  const views: LongJobView[] = [];
  job.subscribe((view) => views.push(view));
  const until = (phase: LongJobView['phase']) => vi.waitFor(() => expect(job.view.phase).toBe(phase), { timeout: 2000 });
  return { job, log, streams, staged, saveMerged, finished, terminate, until, views, concurrency: () => maxConcurrentEncodes };
}

describe('a long recording job', () => {
  it('stages the original, then encodes, stages and transcribes part by part, and saves one transcript from sample offsets', async () => {
    const t = setup();
    t.job.start();
    await t.until('done');
    expect(t.log.filter((line) => !line.startsWith('staged board.mp3'))).toEqual([
      'encode 1',
      'staged board (part 1 of 3).webm',
      'transcribe board (part 1 of 3).webm',
      'encode 2',
      'staged board (part 2 of 3).webm',
      'transcribe board (part 2 of 3).webm',
      'encode 3',
      'staged board (part 3 of 3).webm',
      'transcribe board (part 3 of 3).webm',
      'saveMerged',
    ]);
    expect(t.concurrency()).toBe(1);
    // Every part in verbose_json with timings, unsaved; each prompt carries the part before.
    const requests = [...t.streams.values()];
    expect(requests.map((r) => [r.responseFormat, r.granularities, r.keep])).toEqual(Array(3).fill(['verbose_json', ['word', 'segment'], false]));
    expect(requests.map((r) => r.prompt)).toEqual(['Board meeting.', 'Board meeting. words of board (part 1 of 3).webm', 'Board meeting. words of board (part 2 of 3).webm']);
    // The user's own choices for the saved transcript; offsets from samples.
    const saved = t.saveMerged.mock.calls[0]![0];
    expect(saved.request).toEqual({ model: 'speech-1', language: '', prompt: 'Board meeting.', responseFormat: 'srt', granularities: [] });
    expect(saved.parts.map((p) => p.startSeconds)).toEqual([0, (900 * RATE + 4321) / RATE, (1800 * RATE - 777) / RATE]);
    expect(saved.duration).toBe((2700 * RATE + 123) / RATE);
    expect(t.finished).toHaveBeenCalledWith(expect.objectContaining({ id: 'record-1' }), expect.any(File));
    expect(t.staged.size).toBe(0);
    expect(t.terminate).toHaveBeenCalled();
    expect(t.job.view.parts.map((p) => p.startsInPause)).toEqual([true, true, false]);
  });

  it('keeps a failed part failed until Retry, then sends that part again from the copy main holds, and no other', async () => {
    const t = setup({ answers: ['ok', 'fail'] });
    t.job.start();
    await t.until('failed');
    expect(t.job.view.failure?.message).toBe('Backend restarting.');
    expect(t.job.view.current).toBe(1);
    expect(t.job.view.parts.map((p) => p.state)).toEqual(['done', 'failed', expect.stringMatching(/encoding|staging|staged/)]);
    t.job.retry();
    await t.until('done');
    const transcribed = t.log.filter((line) => line.startsWith('transcribe') || line.startsWith('encode'));
    expect(transcribed).toEqual([
      'encode 1',
      'transcribe board (part 1 of 3).webm',
      'encode 2',
      'transcribe board (part 2 of 3).webm',
      'encode 3',
      'transcribe board (part 2 of 3).webm',
      'transcribe board (part 3 of 3).webm',
    ]);
    const requests = [...t.streams.values()];
    expect(requests[1]!.fileId).toBe(requests[2]!.fileId);
    expect(requests[2]!.prompt).toBe(requests[1]!.prompt);
    expect(t.staged.size).toBe(0);
  });

  it('stops at once on Cancel and discards the original and every staged part', async () => {
    const t = setup({ answers: ['ok', 'hang'] });
    t.job.start();
    await vi.waitFor(() => expect(t.log).toContain('transcribe board (part 2 of 3).webm'));
    await vi.waitFor(() => expect(t.log).toContain('staged board (part 3 of 3).webm'));
    t.job.cancel();
    expect(t.job.view.phase).toBe('cancelled');
    expect(t.terminate).toHaveBeenCalled();
    await vi.waitFor(() => expect(t.staged.size).toBe(0));
    expect(t.log).toContain('cancel stream-1');
    expect(t.log).toEqual(expect.arrayContaining(['discard board.mp3', 'discard board (part 2 of 3).webm', 'discard board (part 3 of 3).webm']));
    expect(t.saveMerged).not.toHaveBeenCalled();
    expect(t.log.filter((line) => line.startsWith('transcribe'))).toHaveLength(2);
  });
});
