import type { WhoSpoke } from '../../shared/contract/recording';
import type { TranscriptionRequest } from '../../shared/contract/transcription';
import { api } from '../api';
import { showJob } from '../transcription';
import { stopRecording } from './session';
import { useRecorder } from './store';

/** Wraps an intent to main: a refusal is shown where the recorder shows failures. */
async function ask<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (failure) {
    useRecorder.getState().set({ failure });
    return null;
  }
}

/**
 * Stop: main closes the files and queues the recording; the transcription screen's queue shows it
 * (its transcript once done). A microphone alone cannot tell voices apart, so the recorder first
 * asks who spoke (`WhoSpoke.tsx`), and the queue shows once it is answered.
 */
export async function stopAndShowQueue() {
  const recording = await stopRecording();
  if (recording && recording.tracks.length === 1 && recording.seconds > 0) useRecorder.getState().set({ whoSpoke: { recording, answered: null } });
  else if (recording?.jobId) showJob(recording.jobId);
}

/** The answer goes to main, which labels the transcript by it (now, or once transcribed). */
export async function answerWhoSpoke(who: WhoSpoke) {
  const asked = useRecorder.getState().whoSpoke;
  if (!asked) return;
  const recording = await ask(api.recording.whoSpoke({ id: asked.recording.id, who }));
  if (!recording) return;
  useRecorder.getState().set({ whoSpoke: { recording, answered: who } });
  if (recording.jobId) showJob(recording.jobId);
}

export async function transcribeWaiting(id: string, request: TranscriptionRequest | null) {
  const job = await ask(api.recording.transcribe(request ? { id, request } : { id }));
  if (job) showJob(job.id);
}

export const keepWaiting = (id: string) => void ask(api.recording.keep({ id }));
export const discardWaiting = (id: string) => void ask(api.recording.discard({ id }));
export const dismissFailure = () => useRecorder.getState().set({ failure: null });
