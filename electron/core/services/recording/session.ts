import { type ChunkInput, type ChunkOutcome, RECORDING_SAMPLE_RATE, type Recording, type Track } from '../../../../shared/contract/recording';
import { Problem, type ProblemData } from '../../../../shared/domain/problem';
import type { NoteLine } from '../../../../shared/domain/transcript';
import { checkChunk, deinterleave } from './chunk-checks';
import { trackPath, writeNotes } from './manifest';
import { createNotices } from './notices';
import type { LiveFeed } from './live-feed';
import type { TrackFs } from './track-fs';
import { type TrackWriter, createTrackWriter } from './track-writer';
import { BYTES_PER_SAMPLE } from './wav-header';
import { writeFailure } from './write-failure';

/** A page that comes back after longer than this gets this much silence: the rest of the gap is lost, not the disk. */
export const MAX_PAD_SECONDS = 300;
/** Silence is written this much at a time. */
const PAD_BLOCK_FRAMES = 10 * RECORDING_SAMPLE_RATE;

export interface SessionDeps {
  fs: TrackFs;
  folder: string;
  now(): number;
  /** The recording changed (state, markers, notices; not each chunk's seconds); `lasting` when the manifest must be rewritten (awaited). */
  changed(recording: Recording, lasting: boolean): Promise<void> | void;
  /** Hears every stretch once it is kept (live parts, captions). */
  feed?: LiveFeed;
}

/**
 * The running recording: its track files, its one clock, its checks and notices. Every chunk
 * carries all the tracks' frames, so the tracks always hold the same number of frames; calls
 * run one at a time, so a pause or a stop never lands in the middle of a write.
 */
export async function openSession(deps: SessionDeps, recording: Recording) {
  const writers: TrackWriter[] = [];
  for (const track of recording.tracks) writers.push(await createTrackWriter(deps.fs, trackPath(deps.folder, track)));
  const notices = createNotices(recording.tracks);
  let nextSeq = 0;
  let frames = 0;
  let recordedMs = 0;
  let resumedAt: number | null = deps.now();
  let lastChunkAt = deps.now();
  let notes: NoteLine[] = [];
  let tail: Promise<unknown> = Promise.resolve();

  const live = () => recording.state === 'recording' || recording.state === 'paused';
  const elapsedMs = () => recordedMs + (resumedAt === null ? 0 : deps.now() - resumedAt);
  // Notices are about a recording running; once it ends, its problem says why.
  const view = (): Recording => ({ ...recording, seconds: frames / RECORDING_SAMPLE_RATE, notices: live() ? notices.list() : [] });
  const changed = async (lasting: boolean) => deps.changed(view(), lasting);
  /**
   * Runs what may change the notices and tells the watchers only if it did. A chunk alone is no
   * news: the page counts its own clock, and an event a second re-rendered its whole recorder;
   * a watcher that comes late is sent the seconds kept as they stand.
   */
  function noticesMay(change: () => void) {
    const before = JSON.stringify(notices.list());
    change();
    if (JSON.stringify(notices.list()) !== before) void changed(false);
  }

  function serial<T>(task: () => Promise<T>): Promise<T> {
    const run = tail.then(task, task);
    tail = run.catch(() => {});
    return run;
  }

  async function write(parts: readonly Uint8Array[]): Promise<ProblemData | null> {
    // Every track's write finishes (or fails) before any is cut back, so none is cut mid-write.
    const failed = (await Promise.allSettled(writers.map((writer, index) => writer.append(parts[index]!)))).find((result) => result.status === 'rejected');
    if (failed) {
      const error: unknown = failed.reason;
      // Everything written whole stays, playable; the recording ends here, saying why.
      await Promise.all(writers.map((writer) => writer.settle(frames)));
      await closeFiles();
      const problem = writeFailure(error, deps.folder);
      Object.assign(recording, { state: 'ended', problem });
      await changed(true);
      await deps.feed?.ended(view());
      return problem;
    }
    return null;
  }

  async function closeFiles() {
    await Promise.all(writers.map((writer) => writer.close().catch(() => {})));
  }

  function ensureLive(id: string) {
    if (id !== recording.id || !live()) throw new Problem('recording.not_running');
  }

  async function pad(count: number): Promise<ProblemData | null> {
    for (let done = 0; done < count; done += PAD_BLOCK_FRAMES) {
      const silence = Buffer.alloc(Math.min(PAD_BLOCK_FRAMES, count - done) * BYTES_PER_SAMPLE);
      const silent = writers.map(() => silence);
      const problem = await write(silent);
      if (problem) return problem;
      deps.feed?.heard(silent, frames);
      frames += silence.byteLength / BYTES_PER_SAMPLE;
    }
    return null;
  }

  /** A chunk's answer, with the feeds' hint for the page's capture. */
  function kept(): ChunkOutcome {
    const pauseHint = deps.feed?.pauseHint?.();
    return pauseHint ? { ok: true, pauseHint } : { ok: true };
  }

  return {
    id: recording.id,
    view,
    live,

    append(input: ChunkInput): Promise<ChunkOutcome> {
      return serial(async () => {
        if (input.id !== recording.id || !live()) return { ok: false, problem: recording.problem ?? { code: 'recording.not_running', values: {} } };
        const verdict = checkChunk({ paused: recording.state === 'paused', nextSeq, channels: writers.length, frames, recordedMs: elapsedMs() }, input.seq, input.pcm.byteLength);
        if (verdict.kind === 'repeat') return kept();
        if (verdict.kind === 'refuse') return { ok: false, problem: verdict.problem };
        const tracks = deinterleave(input.pcm, writers.length);
        const problem = await write(tracks.map((track) => track.samples));
        if (problem) return { ok: false, problem };
        deps.feed?.heard(tracks.map((track) => track.samples), frames);
        frames += verdict.frames;
        nextSeq += 1;
        lastChunkAt = deps.now();
        noticesMay(() => notices.heard(tracks.map((track) => track.audible), verdict.frames));
        return kept();
      });
    },

    /** A page that reloaded takes over: the gap since the last chunk becomes silence in every track. Answers the next seq. */
    attach(id: string): Promise<number> {
      return serial(async () => {
        ensureLive(id);
        const missing = Math.floor((elapsedMs() / 1000) * RECORDING_SAMPLE_RATE) - frames;
        const problem = await pad(Math.min(Math.max(0, missing), MAX_PAD_SECONDS * RECORDING_SAMPLE_RATE));
        if (problem) throw new Problem(problem.code, problem.values);
        lastChunkAt = deps.now();
        void changed(false);
        return nextSeq;
      });
    },

    pause(id: string): Promise<void> {
      return serial(async () => {
        ensureLive(id);
        if (resumedAt === null) return;
        recordedMs += deps.now() - resumedAt;
        resumedAt = null;
        recording.state = 'paused';
        notices.waited(null);
        await changed(true);
      });
    },

    resume(id: string): Promise<void> {
      return serial(async () => {
        ensureLive(id);
        if (resumedAt !== null) return;
        resumedAt = deps.now();
        lastChunkAt = resumedAt;
        recording.state = 'recording';
        await changed(true);
      });
    },

    mark(id: string, at: number): Promise<void> {
      return serial(async () => {
        ensureLive(id);
        // Where the page says, but never past the time recorded; the audio kept may still be a chunk
        // or two behind the page, and Stop brings any marker past the end back to it.
        const seconds = Math.min(at, elapsedMs() / 1000);
        recording.markers = [...recording.markers, { at: seconds, label: '' }].sort((a, b) => a.at - b.at);
        await changed(true);
      });
    },

    /** The notes pad as the page sent it, each line no later than the time recorded (as a marker), on the disk before it answers. */
    note(id: string, lines: readonly NoteLine[]): Promise<void> {
      return serial(async () => {
        ensureLive(id);
        const seconds = elapsedMs() / 1000;
        const kept = lines.map((line) => ({ at: Math.min(line.at, seconds), text: line.text }));
        try {
          await writeNotes(deps.folder, kept);
        } catch (error) {
          // The page keeps its draft and sends it again with its next change.
          const problem = writeFailure(error, deps.folder);
          throw new Problem(problem.code, problem.values);
        }
        notes = kept;
      });
    },

    /** The lines main keeps: a reloaded page's pad starts from them. */
    notes: (): readonly NoteLine[] => notes,

    trackLost(id: string, track: Track, reason: 'ended' | 'muted') {
      ensureLive(id);
      if (!recording.tracks.includes(track)) return;
      notices.lost(track, reason);
      void changed(false);
    },

    /** The timer's look at the clock: chunks that stopped arriving while recording. */
    tick() {
      if (recording.state !== 'recording') return;
      noticesMay(() => notices.waited(deps.now() - lastChunkAt));
    },

    /** Ends it keeping all written (the files are whole after every chunk); answers it as it ends. */
    stop(): Promise<Recording> {
      return serial(async () => {
        if (live()) {
          if (resumedAt !== null) recordedMs += deps.now() - resumedAt;
          resumedAt = null;
          await closeFiles();
          Object.assign(recording, { state: 'stopped' });
        }
        const final = view();
        // A marker always points at something kept.
        final.markers = final.markers.map((marker) => ({ ...marker, at: Math.min(marker.at, final.seconds) }));
        Object.assign(recording, final);
        // Feeds hand over what they made (the parts sent while recording) before the recording is queued.
        await deps.feed?.ended(final);
        return final;
      });
    },
  };
}

export type Session = Awaited<ReturnType<typeof openSession>>;
