import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_UPLOAD_BYTES } from '../../shared/contract/transcription';
import type { AudioSplitter } from '../../electron/core/services/audio-split/types';
import { createJobFiles } from '../../electron/core/services/jobs/job-files';
import { createJobQueue } from '../../electron/core/services/jobs/job-queue';
import { openJobStore } from '../../electron/core/services/jobs/job-store';
import type { Transcribed } from '../../electron/core/services/transcription/transcribe-file';

export const PARTS = 10;
const PART_SECONDS = 900;

/** Ten 15-minute parts, each "encoded" as a small file (the queue's bookkeeping is what is measured). */
const splitter: AudioSplitter = {
  plan: async () => ({
    sampleRate: 1000,
    primingSamples: 0,
    durationSeconds: PARTS * PART_SECONDS,
    complete: true,
    cuts: Array.from({ length: PARTS }, (_, index) => ({ index, startSample: index * PART_SECONDS * 1000, endSample: (index + 1) * PART_SECONDS * 1000 })),
  }),
  async encodePart({ index, outPath }) {
    writeFileSync(outPath, `part ${index}`);
    return { index, path: outPath, bytes: 6, mimeType: 'audio/webm', startSeconds: index * PART_SECONDS, durationSeconds: PART_SECONDS };
  },
  close: async () => undefined,
};

/**
 * The real queue (SQLite, job folders) on `dir`, with that splitter and a service that is a
 * function: `answer(part)` gives the part's result, or never settles to leave it in flight.
 */
export function benchQueue(dir: string, answer: (part: number, signal: AbortSignal) => Promise<Transcribed>) {
  return createJobQueue({
    store: openJobStore(join(dir, 'jobs.sqlite')),
    files: createJobFiles(join(dir, 'jobs')),
    takeStaged: () => {
      const path = join(dir, 'meeting.wav');
      writeFileSync(path, 'audio');
      return { path, name: 'meeting.wav', size: MAX_UPLOAD_BYTES * 4, format: 'wav', mimeType: 'audio/wav' };
    },
    run: {
      splitter,
      transcribe: (file, _request, options) => answer(Number(/\(part (\d+) of/.exec(file.name)![1]), options.signal),
      keep: () => undefined,
      partsInFlight: () => 1,
      speakerNames: () => [],
    },
  });
}

export const heard = (part: number): Transcribed => ({
  ok: true,
  transcript: { format: 'verbose_json', text: `part ${part}`, raw: '', language: 'en', duration: PART_SECONDS, segments: [{ id: 0, start: 1, end: 2, text: `part ${part}` }], words: [] },
});
