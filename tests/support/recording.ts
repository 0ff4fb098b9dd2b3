// Recording's test parts: a clock the test moves, a track file system whose disk fills after a
// number of writes, two-track PCM as the page sends it, and what a WAV file on disk says of itself.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { RECORDING_SAMPLE_RATE } from '../../shared/contract/recording';
import { type RecordingClock, createRecordingService } from '../../electron/core/services/recording/recording-service';
import { type TrackFs, nodeTrackFs } from '../../electron/core/services/recording/track-fs';

const run = promisify(execFile);

/** A clock that moves only when the test says; `tick()` runs what main's timer would run. */
export function fakeClock(start = 1_700_000_000_000): RecordingClock & { advance(ms: number): void; tick(): void } {
  let now = start;
  const ticks = new Set<() => void>();
  return {
    now: () => now,
    every(_ms, tick) {
      ticks.add(tick);
      return () => ticks.delete(tick);
    },
    advance(ms) {
      now += ms;
    },
    tick() {
      for (const tick of ticks) tick();
    },
  };
}

/**
 * The real file system until `after` writes have gone through; then every write that would make
 * a file longer fails with `code` after writing the first half of its bytes, as a disk filling
 * mid-write does (rewriting bytes already there still works).
 */
export function fillingFs(after: number, code = 'ENOSPC'): TrackFs & { writes: number } {
  const fs = {
    writes: 0,
    async open(path: string, create: boolean) {
      const file = await nodeTrackFs.open(path, create);
      return {
        ...file,
        async write(bytes: Uint8Array, position: number) {
          fs.writes += 1;
          if (fs.writes > after && position + bytes.byteLength > (await file.size())) {
            await file.write(bytes.subarray(0, Math.floor(bytes.byteLength / 2)), position);
            throw Object.assign(new Error(`${code}: the disk refused the write`), { code });
          }
          return file.write(bytes, position);
        },
      };
    },
  };
  return fs;
}

/**
 * `seconds` of interleaved 16-bit frames: each track's samples follow their own tone (the mic
 * `micValue`, the system `systemValue`, 0 for digital silence), so a test can tell them apart.
 */
export function framesOf(seconds: number, values: readonly number[]): Uint8Array<ArrayBuffer> {
  const frames = Math.round(seconds * RECORDING_SAMPLE_RATE);
  const pcm = new Int16Array(frames * values.length);
  for (let frame = 0; frame < frames; frame++) values.forEach((value, channel) => (pcm[frame * values.length + channel] = value));
  return new Uint8Array(pcm.buffer);
}

/** What a WAV's header says and what the file holds. */
export function readWav(path: string) {
  const file = readFileSync(path);
  return {
    riff: file.toString('ascii', 0, 4),
    riffSize: file.readUInt32LE(4),
    sampleRate: file.readUInt32LE(24),
    channels: file.readUInt16LE(22),
    dataSize: file.readUInt32LE(40),
    fileSize: file.length,
    samples: (file.length - 44) / 2,
    sample: (index: number) => file.readInt16LE(44 + index * 2),
  };
}

/** The duration ffprobe reads from the file's container, in seconds. */
export async function probedSeconds(path: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path]);
  return Number(stdout.trim());
}

/**
 * Main's recorder on a folder of its own with the test's clock and file system (none of the queue:
 * Transcribe or Stop on Pro would throw), system audio available, on the Free plan.
 */
export function queuelessRecorder(dir: string, options: { clock?: RecordingClock; fs?: TrackFs } = {}) {
  const refuse = () => {
    throw new Error('No queue here.');
  };
  return createRecordingService({
    dir,
    staging: { fromPath: refuse },
    jobs: { add: refuse },
    fileName: (startedAt) => `Recording ${startedAt}`,
    plan: () => 'free',
    defaults: refuse,
    systemAudio: () => ({ available: true, problem: null }),
    ...options,
  });
}
