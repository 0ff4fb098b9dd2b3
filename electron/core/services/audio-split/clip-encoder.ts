/**
 * A running recording's caption clips, encoded to Opus in WebM one after another by one kept
 * splitter process (worker.ts answers any number of requests). Starting a process costs about
 * a second on a loaded two-core machine (measured: 1.0–1.5 s, against 60–250 ms to encode a 5 s
 * clip in a warm one), which would sit between every stretch's end and its caption. The process
 * is started before the first clip and replaced after `recycleAfter` clips, so what the codecs
 * keep of each clip cannot grow over a long meeting; close() ends it with the recording.
 */
import { rm } from 'node:fs/promises';
import { Problem } from '../../../../shared/domain/problem';
import { LIVE_BITRATE, type SplitAnswer } from './protocol';
import { type SplitProcess, type StartSplitProcess, nodeSplitProcess } from './split-process';
import type { SplitPlan } from './types';

/** A plan of one part: the whole of a 16-bit WAV of `frames` frames. */
export const wholePlan = (sampleRate: number, frames: number): SplitPlan => ({
  sampleRate,
  primingSamples: 0,
  durationSeconds: frames / sampleRate,
  complete: true,
  cuts: [{ index: 0, startSample: 0, endSample: frames }],
});

/** An encoder of a whole WAV (`frames` long) to Opus in WebM at `outPath`, answering its size. */
export type EncodeWav = (wavPath: string, frames: number, outPath: string) => Promise<number>;

/**
 * A live part's or caption clip's file to send: Opus in WebM beside its WAV, which goes; the WAV
 * itself when there is no encoder or it fails (`failed` hears why), so nothing waits on it.
 */
export async function opusOrWav(wav: { path: string; size: number }, frames: number, encode: EncodeWav | undefined, failed: (error: unknown) => void) {
  const asWav = { ...wav, mimeType: 'audio/wav' };
  if (!encode) return asWav;
  const path = wav.path.replace(/\.wav$/, '.webm');
  try {
    const size = await encode(wav.path, frames, path);
    await rm(wav.path, { force: true });
    return { path, size, mimeType: 'audio/webm' };
  } catch (error) {
    failed(error);
    await rm(path, { force: true });
    return asWav;
  }
}

interface Kept {
  child: SplitProcess;
  used: number;
  answer: ((answer: SplitAnswer | Error) => void) | null;
}

export function createClipEncoder(options: { start?: StartSplitProcess; sampleRate: number; recycleAfter?: number }) {
  const start = options.start ?? nodeSplitProcess;
  const recycleAfter = options.recycleAfter ?? 200;
  let kept: Kept | null = null;
  let turn: Promise<unknown> = Promise.resolve();
  let closed = false;

  function spawn(): Kept {
    const entry: Kept = { child: start(), used: 0, answer: null };
    entry.child.onAnswer((answer) => {
      if (answer.type === 'encoded' || answer.type === 'failed') entry.answer?.(answer);
    });
    entry.child.onExit((detail) => {
      if (kept === entry) kept = null;
      entry.answer?.(new Problem('split.crashed', { detail }));
    });
    return entry;
  }

  async function once(path: string, frames: number, outPath: string): Promise<number> {
    if (closed) throw new Problem('split.crashed', { detail: 'closed' });
    const entry = (kept ??= spawn());
    const answer = await new Promise<SplitAnswer | Error>((settle) => {
      entry.answer = settle;
      entry.child.send({ type: 'encode', path, plan: wholePlan(options.sampleRate, frames), index: 0, outPath, bitrate: LIVE_BITRATE });
    });
    entry.answer = null;
    if (++entry.used >= recycleAfter && kept === entry) {
      entry.child.kill();
      kept = closed ? null : spawn();
    }
    if (answer instanceof Error) throw answer;
    if (answer.type === 'failed') throw new Problem(answer.problem.code, answer.problem.values);
    if (answer.type !== 'encoded') throw new Problem('split.failed', { detail: answer.type });
    return answer.part.bytes;
  }

  return {
    /** Starts the process now, so the first clip does not wait for it. */
    warm() {
      if (!closed) kept ??= spawn();
    },
    /** Encodes the whole of the WAV at `path` (`frames` frames) to `outPath`; answers its size in bytes. One at a time, in the order asked. */
    encode(path: string, frames: number, outPath: string): Promise<number> {
      const done = turn.then(() => once(path, frames, outPath));
      turn = done.catch(() => undefined);
      return done;
    },
    close() {
      closed = true;
      kept?.child.kill();
      kept = null;
    },
  };
}

export type ClipEncoder = ReturnType<typeof createClipEncoder>;
