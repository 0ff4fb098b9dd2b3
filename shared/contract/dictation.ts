import { z } from 'zod';
import { serviceFailure } from '../domain/service-failure';
import { call } from './define';
import { RECORDING_SAMPLE_RATE } from './recording';
import { transcriptionRequestSchema } from './transcription';

/**
 * Dictating into the chat composer (Pro). The page captures the microphone and, at release,
 * stages the clip as raw PCM (staging purpose 'dictation'; bytes never inside JSON); main
 * judges it and asks the service for its text. A clip whose request failed stays staged, so
 * `transcribe` can be called again with the same fileId (Retry) until `discard` removes it.
 */

/** A clip is 16-bit little-endian mono PCM at the recording rate, as the page's capture renders it. */
export const DICTATION_SAMPLE_RATE = RECORDING_SAMPLE_RATE;
/** The longest clip main takes: ten minutes, far past a message's worth of speech. */
export const MAX_DICTATION_SECONDS = 600;
export const MAX_DICTATION_BYTES = MAX_DICTATION_SECONDS * DICTATION_SAMPLE_RATE * 2;

export const dictationOutcomeSchema = z.discriminatedUnion('ok', [
  /** The words heard; '' when the clip held no speech (then nothing was sent). */
  z.object({ ok: z.literal(true), text: z.string() }),
  /** The service did not answer with text: the clip is kept for Retry. */
  z.object({ ok: z.literal(false), failure: serviceFailure }),
]);

const clip = z.object({ fileId: z.string().min(1) }).strict();

export const dictationArea = {
  /**
   * A take begins: main lets the page open the microphone (Electron's media permission) for the
   * next few seconds. Only right after a real press in the window, and only on Pro.
   */
  listen: call(z.void(), z.void()),
  /** `language`: an ISO 639-1 code, or absent to let the service detect it. */
  transcribe: call(clip.extend({ language: transcriptionRequestSchema.shape.language.optional() }).strict(), dictationOutcomeSchema),
  discard: call(clip, z.void()),
};

export type DictationOutcome = z.infer<typeof dictationOutcomeSchema>;
