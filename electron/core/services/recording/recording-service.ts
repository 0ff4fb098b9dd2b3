import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Job, JobRequest } from '../../../../shared/contract/jobs';
import type { Capabilities, ChunkInput, ChunkOutcome, Recording, RecordingEvent, Track, WhoSpoke } from '../../../../shared/contract/recording';
import type { TranscriptRecord } from '../../../../shared/contract/transcription';
import type { NoteLine } from '../../../../shared/domain/transcript';
import { transcriptionAllowed } from '../../../../shared/domain/plan-rules';
import { Problem } from '../../../../shared/domain/problem';
import { log } from '../../log';
import { createWatchers } from '../events/watchers';
import { readTranscriptId, trackPath, writeManifest, writeTranscriptId } from './manifest';
import { markedTranscript } from './marked';
import { realClock } from './clock';
import { feedsOf } from './live-feed';
import { queueRecording } from './queue-recording';
import { loadRecordings } from './recovery';
import { type Session, openSession } from './session';
import { nodeTrackFs } from './track-fs';
import { openWhoSpoke } from './who-spoke';
import { writeFailure } from './write-failure';

import type { RecordingServiceDeps } from './service-deps';

export type { RecordingClock, RecordingServiceDeps, TranscribedRecording } from './service-deps';

/** Waiting for the user: stopped on the Free plan, ended by the disk, recovered after a crash, or kept for later. */
const waits = (recording: Recording) => recording.jobId === null && ['stopped', 'ended', 'recovered', 'kept'].includes(recording.state);

/**
 * Main's recordings: it starts one at the user's asking (one at a time), writes what the page
 * captures, keeps the files when the page, the disk or the process fails, and hands each stopped
 * recording to the transcription queue as one mixed file, remembering its markers and tracks.
 */
export async function createRecordingService(deps: RecordingServiceDeps) {
  const fs = deps.fs ?? nodeTrackFs;
  const clock = deps.clock ?? realClock;
  mkdirSync(deps.dir, { recursive: true });
  const recordings = new Map((await loadRecordings(deps.dir, fs)).map((recording) => [recording.id, recording]));
  // Recording id → the transcript it became: the folder lives as long as that transcript.
  const transcripts = new Map<string, string>();
  for (const id of recordings.keys()) {
    const transcriptId = readTranscriptId(join(deps.dir, id));
    if (transcriptId) transcripts.set(id, transcriptId);
  }
  const watchers = createWatchers<RecordingEvent>();
  const runningListeners = new Set<(running: boolean) => void>();
  let session: Session | null = null;
  let saving: Promise<unknown> = Promise.resolve();

  const folderOf = (id: string) => join(deps.dir, id);
  const kept = (keep: (recording: Recording) => boolean) => [...recordings.values()].filter(keep);
  const state = (): RecordingEvent => ({ active: session?.view() ?? null, waiting: kept(waits), askWhoSpoke: kept((recording) => recording.whoSpoke === 'unasked') });
  const emit = () => watchers.broadcast(state());

  /** Manifest writes in order, each whole; a failure (the disk that ended the recording) leaves the last one. */
  function save(recording: Recording) {
    saving = saving.then(() => writeManifest(folderOf(recording.id), recording)).catch(() => {});
    return saving;
  }

  function setRunning(next: Session | null) {
    session = next;
    for (const listener of runningListeners) listener(next !== null);
  }

  async function changed(recording: Recording, lasting: boolean) {
    const ended = session !== null && session.id === recording.id && !session.live();
    if (ended) openWhoSpoke(recording);
    const saved = lasting ? save(recording) : null;
    if (ended) {
      // It ended on its own (a write failed): it waits with what was written.
      recordings.set(recording.id, recording);
      setRunning(null);
    }
    emit();
    await saved;
  }

  const stopTicking = clock.every(1000, () => session?.tick());

  /** Recordings being mixed and queued: a second Transcribe meanwhile would queue them twice. */
  const queueing = new Set<string>();
  let starting = false;

  function waiting(id: string): Recording {
    const recording = recordings.get(id);
    if (!recording || !waits(recording) || queueing.has(id)) throw new Problem('recording.not_waiting');
    return recording;
  }

  function current(id: string): Session {
    if (!session || session.id !== id) throw new Problem('recording.not_running');
    return session;
  }

  async function transcribe(id: string, request?: JobRequest): Promise<Job> {
    const recording = waiting(id);
    if (!transcriptionAllowed(deps.plan())) throw new Problem('job.needs_pro');
    queueing.add(id);
    try {
      const job = await queueRecording(deps, folderOf(id), recording, request ?? deps.defaults());
      Object.assign(recording, { state: 'stopped', jobId: job.id, problem: null });
      await save(recording);
      emit();
      return job;
    } finally {
      queueing.delete(id);
    }
  }

  /** Who spoke in a recording's transcript (deps.onTranscribed: by its tracks, or by what the user said). */
  async function label(recording: Recording, transcriptId: string) {
    const tracks = recording.tracks.map((track) => ({ track, path: trackPath(folderOf(recording.id), track) }));
    await deps.onTranscribed?.({ recording, tracks }, transcriptId);
  }

  async function stop(id: string): Promise<Recording> {
    // Stop after the disk ended it: the page learns how it ended.
    const ended = recordings.get(id);
    if (ended?.state === 'ended' && session?.id !== id) return ended;
    const stopped = await current(id).stop();
    setRunning(null);
    if (stopped.seconds === 0) {
      // Stopped before any audio arrived: there is nothing to keep or transcribe.
      await rm(folderOf(id), { recursive: true, force: true });
      emit();
      return stopped;
    }
    recordings.set(id, openWhoSpoke(stopped));
    await save(stopped);
    emit();
    if (!transcriptionAllowed(deps.plan())) return stopped;
    await transcribe(id);
    return recordings.get(id)!;
  }

  return {
    watch: (send: (event: RecordingEvent) => void, signal: AbortSignal) => watchers.watch(send, signal, state),

    capabilities: (): Capabilities => ({ systemAudio: deps.systemAudio() }),

    async start({ system }: { system: boolean }): Promise<Recording> {
      if (session || starting) throw new Problem('recording.already_running');
      const systemAudio = deps.systemAudio();
      if (system && !systemAudio.available) {
        const problem = systemAudio.problem ?? { code: 'recording.system_audio_unavailable', values: {} };
        throw new Problem(problem.code, problem.values);
      }
      const recording: Recording = {
        id: randomUUID(),
        startedAt: clock.now(),
        state: 'recording',
        tracks: system ? ['mic', 'system'] : ['mic'],
        seconds: 0,
        markers: [],
        notices: [],
        problem: null,
        jobId: null,
        whoSpoke: null,
      };
      const folder = folderOf(recording.id);
      let opened: Session;
      starting = true;
      try {
        await mkdir(folder, { recursive: true });
        // The manifest comes last: a folder without one never started and is removed at the next start.
        const feed = feedsOf(deps.feeds ?? [], recording, folder, (error) => log.warn('A live feed of the recording failed:', error));
        opened = await openSession({ fs, folder, now: clock.now, changed, feed }, recording);
        await writeManifest(folder, recording);
      } catch (error) {
        // A disk that cannot take the first bytes: nothing was recorded, so nothing is kept.
        await rm(folder, { recursive: true, force: true });
        const problem = writeFailure(error, deps.dir);
        throw new Problem(problem.code, problem.values);
      } finally {
        starting = false;
      }
      setRunning(opened);
      emit();
      return opened.view();
    },

    attach: async ({ id }: { id: string }) => {
      const running = current(id);
      const nextSeq = await running.attach(id);
      return { nextSeq, seconds: running.view().seconds, notes: [...running.notes()] };
    },
    pause: ({ id }: { id: string }) => current(id).pause(id),
    resume: ({ id }: { id: string }) => current(id).resume(id),
    mark: ({ id, at }: { id: string; at: number }) => current(id).mark(id, at),
    note: ({ id, lines }: { id: string; lines: NoteLine[] }) => current(id).note(id, lines),
    trackLost: async ({ id, track, reason }: { id: string; track: Track; reason: 'ended' | 'muted' }) => current(id).trackLost(id, track, reason),
    stop: ({ id }: { id: string }) => stop(id),
    transcribe: ({ id, request }: { id: string; request?: JobRequest }) => transcribe(id, request),

    async keep({ id }: { id: string }) {
      const recording = waiting(id);
      recording.state = 'kept';
      await save(recording);
      emit();
    },

    async discard({ id }: { id: string }) {
      if (session?.id === id) throw new Problem('recording.running');
      // Only a waiting one: a queued recording's tracks still name who spoke in its transcript.
      waiting(id);
      recordings.delete(id);
      await rm(folderOf(id), { recursive: true, force: true });
      emit();
    },

    /** The chunk door (beside the router): written and flushed before it answers. */
    append: (input: ChunkInput): Promise<ChunkOutcome> =>
      session ? session.append(input) : Promise.resolve({ ok: false, problem: { code: 'recording.not_running', values: {} } }),

    running: () => session !== null,
    /** Whether the running recording has a system track: only then may the page capture system audio. */
    systemAudio: () => session?.view().tracks.includes('system') ?? false,
    onRunningChange(listener: (running: boolean) => void): () => void {
      runningListeners.add(listener);
      return () => runningListeners.delete(listener);
    },
    /** Quitting while recording: it stops as Stop does, keeping all of it. */
    async stopRunning() {
      if (session) await stop(session.id);
    },

    /** The transcript of a recording's job gets the markers dropped and the notes typed while recording. */
    marked(record: TranscriptRecord, recordingId: string | null): TranscriptRecord {
      const recording = recordingId ? recordings.get(recordingId) : undefined;
      return recording ? markedTranscript(record, recording, folderOf(recording.id)) : record;
    },

    /** A recording's transcript was kept: who spoke is labelled from its tracks, or from what the user said of a microphone alone. */
    transcribed(recordingId: string | null, transcriptId: string) {
      const recording = recordingId ? recordings.get(recordingId) : undefined;
      if (!recording) return;
      transcripts.set(recording.id, transcriptId);
      void writeTranscriptId(folderOf(recording.id), transcriptId).catch((error: unknown) => log.warn('Linking a recording to its transcript failed:', error));
      void label(recording, transcriptId).catch((error: unknown) => log.warn('Labelling who spoke in a recording failed:', error));
    },

    /**
     * A stopped microphone-only recording: the user says who spoke (after Stop, before or after its
     * transcript is kept, or after a restart). Kept in its manifest, closing the question; a kept
     * transcript is labelled now, or the answer waits for it. Two tracks say who spoke themselves.
     */
    async whoSpoke({ id, who }: { id: string; who: WhoSpoke }): Promise<Recording> {
      const recording = recordings.get(id);
      if (!recording) throw new Problem(session?.id === id ? 'recording.running' : 'recording.gone');
      if (recording.tracks.includes('system')) throw new Problem('recording.speakers_by_tracks');
      recording.whoSpoke = who;
      await save(recording);
      emit();
      const transcriptId = transcripts.get(id);
      if (transcriptId) await label(recording, transcriptId);
      return recording;
    },

    /** Its transcript was removed: the tracks kept for it go too (and its question, if still open). */
    async transcriptRemoved(transcriptId: string) {
      for (const [id, linked] of transcripts) {
        if (linked !== transcriptId) continue;
        transcripts.delete(id);
        recordings.delete(id);
        await rm(folderOf(id), { recursive: true, force: true });
        emit();
      }
    },

    /**
     * Jobs left the queue. A recording whose job went before its transcript was kept (cancelled,
     * failed, or removed outright) waits again for Transcribe, Keep or Discard: its tracks are all here.
     */
    async jobsRemoved(ids: string[]) {
      const orphans = [...recordings.values()].filter((recording) => recording.jobId !== null && ids.includes(recording.jobId) && !transcripts.has(recording.id));
      for (const recording of orphans) {
        recording.jobId = null;
        await save(recording);
      }
      if (orphans.length) emit();
    },

    /** Confab closing: a recording still running stops where it is, kept, and waits for the next start. */
    async close() {
      stopTicking();
      if (session) {
        const stopped = openWhoSpoke(await session.stop());
        recordings.set(stopped.id, stopped);
        setRunning(null);
        await save(stopped);
      }
      await saving;
    },
  };
}

export type RecordingService = Awaited<ReturnType<typeof createRecordingService>>;
