import { BridgeError } from '../../shared/contract/client';
import type { Recording, Track } from '../../shared/contract/recording';
import { api } from '../api';
import { type Capture, startCapture } from '../common/capture/capture';
import { createChunker } from '../common/capture/chunker';
import { createShownLevels } from '../common/capture/shown-levels';
import { createChunkQueue } from './chunk-queue';
import { chosenMic, openMic, openSystem, silence, stopStreams, watchTrack } from './media';
import { markedInPad, openPad, sendNotes } from './notes-pad';
import { useRecorder } from './store';

interface Session {
  id: string;
  capture: Capture;
  chunker: ReturnType<typeof createChunker>;
  queue: ReturnType<typeof createChunkQueue>;
  streams: MediaStream[];
  /** Seconds main had before this capture (a reloaded page goes on from there). */
  base: number;
  release(): void;
}

let session: Session | null = null;
const state = () => useRecorder.getState();

/** Opens each track's source in the recording's order; a system track a reloaded page cannot reopen is silence, reported. */
async function openTracks(recording: Recording, reattach: boolean) {
  const streams: MediaStream[] = [];
  const closers: Array<() => void> = [];
  try {
    for (const track of recording.tracks) {
      if (track === 'mic') streams.push(await openMic(chosenMic()));
      else if (!reattach) streams.push(await openSystem());
      else {
        const quiet = silence();
        closers.push(quiet.close);
        streams.push(quiet.stream);
        void api.recording.trackLost({ id: recording.id, track: 'system', reason: 'ended' }).catch(() => undefined);
      }
    }
  } catch (error) {
    stopStreams(streams);
    closers.forEach((close) => close());
    throw error;
  }
  recording.tracks.forEach((track: Track, index) =>
    watchTrack(streams[index]!, (reason) => void api.recording.trackLost({ id: recording.id, track, reason }).catch(() => undefined)),
  );
  return { streams, release: () => closers.forEach((close) => close()) };
}

/** Ends this page's capture (main's recording is ended by Stop, or has ended on its own). */
async function endCapture(current: Session) {
  if (session === current) session = null;
  await current.capture.stop().catch(() => undefined);
  stopStreams(current.streams);
  current.release();
}

/** Captures the recording's tracks, sending chunks from `firstSeq`. */
async function capture(recording: Recording, firstSeq: number, reattach: boolean) {
  const { streams, release } = await openTracks(recording, reattach);
  const queue = createChunkQueue(
    recording.id,
    api.chunks,
    // Main ended the recording: by itself (a full disk, a failed write), so say why; or at the
    // user's word elsewhere (the tray's Stop, quitting), which is no failure.
    ({ problem }) =>
      problem.code === 'recording.not_running'
        ? endedElsewhere(null)
        : void (current && endCapture(current).then(() => state().set({ phase: 'idle', levels: [], failure: new BridgeError(problem.code, problem.code, problem) }))),
    // Main cannot be reached: the capture goes on and its chunks wait; the failure is said until they go again.
    { broken: (failure) => state().set({ failure }), back: () => state().set({ failure: null }) },
    (hint) => current?.capture.pauseHint(hint),
  );
  const chunker = createChunker(recording.tracks.length, firstSeq, (chunk) => queue.push(chunk));
  chunker.setPaused(recording.state === 'paused');
  let current: Session | null = null;
  // The meters and the clock (whole seconds) change together on the meters' tick: one frame for
  // both, none when neither moved.
  const levels = createShownLevels((changed) => {
    const seconds = Math.floor(recording.seconds + chunker.seconds);
    state().set(changed ? { levels: changed, seconds } : { seconds });
  });
  try {
    const started = await startCapture(streams, {
      onPcm: (pcm, early) => chunker.push(pcm, early),
      onLevel: (peaks, frames) => {
        chunker.heard(frames);
        levels.push(peaks);
      },
    });
    current = { id: recording.id, capture: started, chunker, queue, streams, base: recording.seconds, release };
  } catch (error) {
    stopStreams(streams);
    release();
    throw error;
  }
  session = current;
  state().set({ phase: 'capturing', seconds: Math.floor(recording.seconds), failure: null });
}

export async function startRecording(system: boolean) {
  if (session || state().phase !== 'idle') return;
  state().set({ phase: 'starting', failure: null, levels: [], seconds: 0, whoSpokeSaid: null });
  let recording: Recording | null = null;
  try {
    // Main first: it grants the media permission only while a recording the user started runs.
    recording = await api.recording.start({ system });
    openPad(recording.id, [], 0);
    await capture(recording, 0, false);
  } catch (failure) {
    state().set({ phase: 'idle', failure });
    if (recording) await api.recording.stop({ id: recording.id }).catch(() => undefined);
  }
}

/** A reloaded page finds main's running recording and takes the capture back. */
export async function attachRecording(recording: Recording) {
  if (session || state().phase !== 'idle') return;
  state().set({ phase: 'starting' });
  try {
    // Main padded the reload's gap with silence: the page's clock goes on from main's.
    const { nextSeq, seconds, notes } = await api.recording.attach({ id: recording.id });
    // The pad goes on from the lines main kept (the draft of the page that reloaded is gone with it),
    // taking typing at once: the capture restarting (or failing to) takes longer than a keystroke.
    openPad(recording.id, notes, seconds);
    await capture({ ...recording, seconds }, nextSeq, true);
  } catch (failure) {
    state().set({ phase: 'idle', failure });
  }
}

/**
 * Main refuses chunks of a paused recording, so pausing first sends what was gathered and waits
 * for main to have it; resuming tells main before the page gathers again.
 */
export async function setPaused(paused: boolean) {
  const current = session;
  if (!current) return;
  try {
    if (paused) {
      // The worklet holds up to a second not yet handed over: all of it goes before the pause.
      await current.capture.flush();
      current.chunker.setPaused(true);
      await current.queue.drained();
      await api.recording.pause({ id: current.id });
    } else {
      await api.recording.resume({ id: current.id });
      // What the worklet gathered while paused is dropped (the chunker is still paused when it comes).
      await current.capture.flush();
      current.chunker.setPaused(false);
    }
  } catch (failure) {
    state().set({ failure });
  }
}

/** Where the recording is on its clock (the audio this page's capture kept), or null when it captures nothing. */
export const recordingTime = () => (session ? session.base + session.chunker.seconds : null);

export async function markNow() {
  if (!session) return;
  const { id } = session;
  const at = recordingTime()!;
  // Numbered as the transcript numbers it: in time order, and this one is the newest.
  const number = (state().event?.active?.markers.length ?? 0) + 1;
  try {
    await api.recording.mark({ id, at });
    markedInPad(id, at, number);
  } catch (failure) {
    state().set({ failure });
  }
}

/** Sends what was gathered, waits for main to have it, then asks main to close the files and queue the recording. */
export async function stopRecording(): Promise<Recording | null> {
  const current = session;
  if (!current) return null;
  state().set({ phase: 'stopping' });
  // The pad's last typing goes before main closes the recording (it takes notes only while it runs):
  // if main did not take it, the recording goes on, the pad says why and keeps the draft for the next Stop.
  if (!(await sendNotes())) {
    state().set({ phase: 'capturing' });
    return null;
  }
  // Every frame up to the press: the worklet's partial second, then the chunker's.
  await current.capture.flush();
  current.chunker.flush();
  await current.queue.drained();
  await endCapture(current);
  try {
    return await api.recording.stop({ id: current.id });
  } catch (failure) {
    state().set({ failure });
    return null;
  } finally {
    state().set({ phase: 'idle', levels: [] });
  }
}

export const capturing = () => session !== null;

/** Main's running recording is no longer this page's (stopped from the tray, or by quitting): the capture ends quietly. */
export function endedElsewhere(runningId: string | null) {
  const current = session;
  if (!current || current.id === runningId || state().phase === 'stopping') return;
  void endCapture(current).then(() => state().set({ phase: 'idle', levels: [] }));
}
