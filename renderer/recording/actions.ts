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
 * (its transcript once done). When main opened the who-spoke question (a microphone alone cannot
 * tell voices apart), the recorder stays where it is asked (`WhoSpoke.tsx`), and the queue shows once it is answered.
 */
export async function stopAndShowQueue() {
  const recording = await stopRecording();
  if (recording?.whoSpoke !== 'unasked' && recording?.jobId) showJob(recording.jobId);
}

/** The answer goes to main, which labels the transcript by it (now, or once transcribed) and closes the question. */
export async function answerWhoSpoke(id: string, who: WhoSpoke) {
  const recording = await ask(api.recording.whoSpoke({ id, who }));
  if (!recording) return;
  useRecorder.getState().set({ whoSpokeSaid: who });
  if (recording.jobId) showJob(recording.jobId);
}

export async function transcribeWaiting(id: string, request: TranscriptionRequest | null) {
  const job = await ask(api.recording.transcribe(request ? { id, request } : { id }));
  if (job) showJob(job.id);
}

export const keepWaiting = (id: string) => void ask(api.recording.keep({ id }));
export const discardWaiting = (id: string) => void ask(api.recording.discard({ id }));
export const dismissFailure = () => useRecorder.getState().set({ failure: null });
