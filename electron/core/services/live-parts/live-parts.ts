import { open as openFile, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { JobRequest } from '../../../../shared/contract/jobs';
import { RECORDING_SAMPLE_RATE, type Recording } from '../../../../shared/contract/recording';
import { type Plan, transcriptionAllowed } from '../../../../shared/domain/plan-rules';
import type { Transcript } from '../../../../shared/domain/transcript';
import { log } from '../../log';
import { type EncodeWav, type SplitCut, type SplitPlan, opusOrWav } from '../audio-split';
import type { StoredPart } from '../jobs/job-store';
import { glossaryPrompt } from '../jobs/glossary-prompt';
import type { RunDeps } from '../jobs/run-job';
import type { LiveFeed } from '../recording/live-feed';
import { trackPath } from '../recording/manifest';
import { mixTracks } from '../recording/mix';
import { BYTES_PER_SAMPLE, WAV_HEADER_BYTES } from '../recording/wav-header';
import { DEFAULT_LIVE_CUTS, type LiveCutOptions, createLiveCutter } from './live-cutter';
import { type LiveSender, createLiveSender } from './live-sender';
import { liveFolder, livePartPath, openLiveStore, readLiveCuts, readLiveResult, sentWith } from './live-store';

/** A part of a recording transcribed while it was recorded, where it lies in the recording. */
export interface LivePartDone {
  index: number;
  startSeconds: number;
  endSeconds: number;
  transcript: Transcript;
}

export interface LivePartsDeps {
  transcribe: RunDeps['transcribe'];
  plan(): Plan;
  defaults(): JobRequest;
  partsInFlight(): number;
  /** The speakers a recording made in Confab has, for its glossary. */
  speakerNames(): string[];
  /** Encodes a part's WAV (`frames` long) to Opus in WebM at `outPath`, answering its size; without it (or when it fails) the WAV is sent. */
  encode?: EncodeWav;
  /** Where parts are cut (four-minute parts by default; tests use shorter ones). */
  cuts?: Partial<LiveCutOptions>;
  /** Each part's result as it comes (the captions replace theirs with it). */
  onPartDone?(recordingId: string, part: LivePartDone): void;
  /** Whether the recording's parts wait for a service that cannot be reached (the recorder says so). */
  onWaiting?(recordingId: string, waiting: boolean): void;
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
}

const warn = (error: unknown) => log.warn('A part of the recording sent while recording failed:', error);
const seconds = (sample: number) => sample / RECORDING_SAMPLE_RATE;
const verbose = (request: JobRequest, prompt: string) => ({ ...request, prompt, responseFormat: 'verbose_json' as const, granularities: ['word' as const, 'segment' as const] });

/**
 * The transcript of a recording made in Confab, made while it runs (Pro only): it is cut in
 * pauses as it grows, and each part is mixed into `live/` and sent at once, so at Stop only the
 * last part is left. At Stop the job takes the cuts as its plan and the results as parts done,
 * and awaits the parts still in flight rather than sending them twice.
 */
export function createLiveParts(deps: LivePartsDeps) {
  const options = { ...DEFAULT_LIVE_CUTS, ...deps.cuts };
  /** Each recording's sender, with the cuts it was given and what its parts were sent with. */
  const live = new Map<string, { sender: LiveSender; cuts: SplitCut[]; signature: string; folder: string }>();
  const signatureOf = (request: JobRequest) => sentWith(request, glossaryPrompt(request, deps.speakerNames()));

  function open(recording: Recording, folder: string): LiveFeed {
    // On the Free plan nothing leaves the machine while recording.
    if (!transcriptionAllowed(deps.plan())) return { heard: () => undefined, ended: () => undefined };
    const request = deps.defaults();
    const prompt = glossaryPrompt(request, deps.speakerNames());
    const signature = signatureOf(request);
    const store = openLiveStore(folder);
    const sender = createLiveSender({
      transcribe: deps.transcribe,
      request: verbose(request, prompt),
      max: deps.partsInFlight,
      // A plan changed to Free mid-recording: what is queued is left for the job, which will not send it.
      allowed: () => transcriptionAllowed(deps.plan()),
      saveResult: async (index, result) => (await store).saveResult(index, result),
      onDone: (cut, { transcript }) =>
        deps.onPartDone?.(recording.id, { index: cut.index, startSeconds: seconds(cut.startSample), endSeconds: seconds(cut.endSample), transcript }),
      warn,
      onWaiting: (waiting) => deps.onWaiting?.(recording.id, waiting),
      sleep: deps.sleep,
    });
    const cuts: SplitCut[] = [];
    live.set(recording.id, { sender, cuts, signature, folder });
    let writing: Promise<void> = Promise.resolve();
    // Disk work in order, off the recording's path: the cut list first, then the part's audio.
    const later = (task: () => Promise<void>) => (writing = writing.then(task).catch(warn));
    const made = (cut: SplitCut, last: boolean) => {
      cuts.push(cut);
      const list = { sentWith: signature, cuts: [...cuts] };
      later(async () => (await store).saveCuts(list));
      if (last) return;
      later(async () => {
        // Mixed as the whole is mixed at Stop, from the tracks already on disk.
        const path = livePartPath(folder, cut.index);
        await mixTracks(recording.tracks.map((track) => trackPath(folder, track)), `${path}.tmp`, { start: cut.startSample, end: cut.endSample });
        await rename(`${path}.tmp`, path);
        // Stopped meanwhile: the job sends this part itself, from the mix.
        if (!ending) sender.add(cut, await opusOrWav({ path, size: (await stat(path)).size }, cut.endSample - cut.startSample, deps.encode, warn));
      });
    };
    let ending = false;
    const cutter = createLiveCutter(RECORDING_SAMPLE_RATE, options, (cut) => made(cut, ending));
    return {
      heard: (tracks) => cutter.heard(tracks),
      async ended() {
        // Nothing new goes from here: a part still being mixed is the job's, which sends it once.
        // The rest is the last part, sent by the job; nothing here waits on the network.
        sender.close();
        ending = true;
        cutter.finish();
        await writing;
      },
    };
  }

  /** The rest after the last cut kept (a crash cut the recording short), cut as it would have been while recording. */
  async function cutRest(folder: string, recording: Recording, from: number, total: number): Promise<Array<Omit<SplitCut, 'index'>>> {
    const found: SplitCut[] = [];
    const cutter = createLiveCutter(RECORDING_SAMPLE_RATE, options, (cut) => found.push(cut));
    const files = await Promise.all(recording.tracks.map((track) => openFile(trackPath(folder, track), 'r')));
    try {
      for (let at = from; at < total; at += RECORDING_SAMPLE_RATE) {
        const bytes = Math.min(RECORDING_SAMPLE_RATE, total - at) * BYTES_PER_SAMPLE;
        const blocks = files.map(() => Buffer.alloc(bytes));
        await Promise.all(files.map((file, index) => file.read(blocks[index]!, 0, bytes, WAV_HEADER_BYTES + at * BYTES_PER_SAMPLE)));
        cutter.heard(blocks);
      }
    } finally {
      await Promise.all(files.map((file) => file.close()));
    }
    cutter.finish();
    return found.map((cut) => ({ startSample: from + cut.startSample, endSample: from + cut.endSample }));
  }

  /** The plan a stopped recording's job takes from the cuts made while recording, with the parts already transcribed done. */
  async function planOf(folder: string, recording: Recording, request: JobRequest): Promise<{ plan: SplitPlan; parts: StoredPart[] } | null> {
    // The cuts in memory for a recording stopped in this run (the file may be a write behind); else the file's.
    const running = live.get(recording.id);
    const stored = running ? { sentWith: running.signature, cuts: running.cuts } : await readLiveCuts(folder);
    if (!stored || stored.sentWith !== signatureOf(request)) return null;
    const total = Math.round(recording.seconds * RECORDING_SAMPLE_RATE);
    // The cuts that follow on from the start; a crash may have lost the last ones, and the rest is cut here.
    const cuts: SplitCut[] = [];
    for (const cut of stored.cuts) {
      if (cut.index !== cuts.length || cut.startSample !== (cuts.at(-1)?.endSample ?? 0) || cut.endSample > total) break;
      cuts.push(cut);
    }
    const end = cuts.at(-1)?.endSample ?? 0;
    if (end < total && cuts.length) for (const rest of await cutRest(folder, recording, end, total)) cuts.push({ index: cuts.length, ...rest });
    if (cuts.length < 2) return null;
    const parts = await Promise.all(
      cuts.map(async ({ index }): Promise<StoredPart> => {
        const result = await readLiveResult(folder, index);
        return { index, state: result ? 'done' : 'waiting', transcript: result?.transcript ?? null, flag: result?.flag ?? null, encoded: null };
      }),
    );
    return { plan: { sampleRate: RECORDING_SAMPLE_RATE, primingSamples: 0, durationSeconds: seconds(total), cuts, complete: true }, parts };
  }

  return {
    open,
    planOf,
    /**
     * For the job: the part's result from while recording, in flight or done; null unless it is the
     * same stretch of audio sent with the same request and prompt (the job's own plan or options
     * may differ from the recording's, and then the job sends its part itself).
     */
    pending(recordingId: string, cut: SplitCut, request: JobRequest) {
      const entry = live.get(recordingId);
      const mine = entry?.cuts[cut.index];
      if (!entry || !mine || mine.startSample !== cut.startSample || mine.endSample !== cut.endSample || entry.signature !== signatureOf(request)) return null;
      return entry.sender.pending(cut.index);
    },
    /** The recording's job is over (done, cancelled or removed): what was kept for it goes. */
    forget(recordingId: string) {
      const entry = live.get(recordingId);
      if (!entry) return;
      entry.sender.abort();
      live.delete(recordingId);
      // The parts' audio is in the transcript's recording now; their results stay beside the tracks.
      void readdir(liveFolder(entry.folder))
        .then((names) => Promise.all(names.filter((name) => /\.(wav|webm|tmp)$/.test(name)).map((name) => rm(join(liveFolder(entry.folder), name), { force: true }))))
        .catch(warn);
    },
    /** Confab quits: sends in flight end (their audio stays for the job). */
    close() {
      for (const { sender } of live.values()) sender.abort();
    },
  };
}

export type LiveParts = ReturnType<typeof createLiveParts>;
