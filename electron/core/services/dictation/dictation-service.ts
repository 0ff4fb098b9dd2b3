import { readFile, rm, writeFile } from 'node:fs/promises';
import { DICTATION_SAMPLE_RATE, type DictationOutcome } from '../../../../shared/contract/dictation';
import type { JobRequest } from '../../../../shared/contract/jobs';
import type { TranscriptionRequest } from '../../../../shared/contract/transcription';
import { type Plan, transcriptionAllowed } from '../../../../shared/domain/plan-rules';
import { Problem } from '../../../../shared/domain/problem';
import type { Staging } from '../intake/staging';
import type { Transcribed } from '../transcription/transcribe-file';
import type { UploadFile } from '../transcription/upload';
import { holdsSpeech } from './speech-check';
import { wavHeader } from '../recording/wav-header';

export interface DictationDeps {
  staging: Staging;
  plan(): Plan;
  /** The user's transcription settings: the model, and the language unless the page names one. */
  defaults(): JobRequest;
  /** One file to the service (transcribe-file.ts). */
  transcribe(file: UploadFile, request: TranscriptionRequest, options: { signal: AbortSignal; onProgress(sent: number): void }): Promise<Transcribed>;
  now?(): number;
}

const PURPOSE = ['dictation'] as const;
const OPEN_WINDOW_MS = 10_000;

/** A staged clip's samples; an odd last byte (half a sample) is not audio. */
async function samplesOf(path: string): Promise<Int16Array> {
  const bytes = await readFile(path);
  return new Int16Array(new Uint8Array(bytes).buffer, 0, bytes.byteLength >> 1);
}

/**
 * Turns a clip the page staged into text for the composer. Main decides what is sent: nothing on
 * the Free plan, nothing for a clip without speech. A clip is removed once its text is in (or it
 * held none); after a failure it stays staged for Retry until the page discards it.
 */
export function createDictationService(deps: DictationDeps) {
  // A second Retry while the first is on its way joins it instead of sending the clip twice.
  const running = new Map<string, Promise<DictationOutcome>>();
  const now = deps.now ?? Date.now;
  // Until when the page may open the microphone for a take. Chromium asks the permission once, as
  // the take opens the device, so the window is short: a stream it granted runs on without it.
  let listeningUntil = 0;

  async function transcribe(fileId: string, language: string | undefined): Promise<DictationOutcome> {
    const clip = deps.staging.get(fileId, PURPOSE);
    const samples = await samplesOf(clip.path);
    if (!holdsSpeech(samples, DICTATION_SAMPLE_RATE)) {
      await deps.staging.discard(fileId, PURPOSE);
      return { ok: true, text: '' };
    }
    const wav = `${clip.path}.wav`;
    const size = 44 + samples.byteLength;
    await writeFile(wav, [wavHeader(samples.byteLength, 1, DICTATION_SAMPLE_RATE), new Uint8Array(samples.buffer)]);
    try {
      const defaults = deps.defaults();
      const request: TranscriptionRequest = {
        model: defaults.model,
        language: language ?? defaults.language,
        // The defaults' prompt describes recordings (names, a meeting's subject), not what is said to a chat.
        prompt: '',
        responseFormat: 'json',
        granularities: [],
      };
      const file = { path: wav, name: 'dictation.wav', mimeType: 'audio/wav', size };
      const result = await deps.transcribe(file, request, { signal: new AbortController().signal, onProgress: () => {} });
      if (!result.ok) {
        // Nothing aborts the request, so a failure is the only way here.
        if ('failure' in result) return { ok: false, failure: result.failure };
        throw new Error('A dictation request stopped without being asked to.');
      }
      await deps.staging.discard(fileId, PURPOSE);
      return { ok: true, text: result.transcript.text.trim() };
    } finally {
      await rm(wav, { force: true });
    }
  }

  return {
    /** A take begins (the caller has checked it was the user's press): the microphone may open for the next few seconds, or until a clip is handed over. */
    listen(): void {
      if (!transcriptionAllowed(deps.plan())) throw new Problem('dictation.needs_pro');
      listeningUntil = now() + OPEN_WINDOW_MS;
    },
    listening: () => now() < listeningUntil,
    async transcribe(input: { fileId: string; language?: string }): Promise<DictationOutcome> {
      listeningUntil = 0;
      if (!transcriptionAllowed(deps.plan())) throw new Problem('dictation.needs_pro');
      const joined = running.get(input.fileId);
      if (joined) return joined;
      const started = transcribe(input.fileId, input.language).finally(() => running.delete(input.fileId));
      running.set(input.fileId, started);
      return started;
    },
    discard(fileId: string): Promise<void> {
      listeningUntil = 0;
      return deps.staging.discard(fileId, PURPOSE);
    },
  };
}

export type DictationService = ReturnType<typeof createDictationService>;
