import type { TranscriptionRequest } from '../../../../shared/contract/transcription';
import type { ServiceFailure } from '../../../../shared/domain/service-failure';
import type { Transcript } from '../../../../shared/domain/transcript';
import { BodyError } from '../net/body';
import { bodyFailure, diagnosed, failureFromNetworkError } from '../net/service-failure';
import type { ServiceClient } from '../net/service-client';
import { parseTranscription } from './parse-result';
import { type UploadFile, uploadForTranscription } from './upload';

export type Transcribed = { ok: true; transcript: Transcript } | { ok: false; failure: ServiceFailure } | { ok: false; stopped: true };

/**
 * One file to the service and its answer read in whatever format was asked for. Every way it
 * can go wrong becomes a failure in words; an abort is `stopped`, never a failure.
 */
export async function transcribeFile(
  service: ServiceClient,
  file: UploadFile,
  request: TranscriptionRequest,
  options: { signal: AbortSignal; onProgress(sentBytes: number): void },
): Promise<Transcribed> {
  try {
    const result = await uploadForTranscription(service, file, request, options);
    if (!result.ok) return { ok: false, failure: result.failure };
    options.onProgress(file.size);
    let raw: string;
    try {
      raw = await service.readText(result);
    } catch (error) {
      if (!(error instanceof BodyError) || options.signal.aborted) throw error;
      return { ok: false, failure: bodyFailure(error, result.url, result.response.status) };
    }
    try {
      return { ok: true, transcript: parseTranscription(request.responseFormat, raw) };
    } catch {
      const values = { format: request.responseFormat };
      return { ok: false, failure: diagnosed('http', null, { reason: 'unreadable_answer', values }, null, result.response.status) };
    }
  } catch (error) {
    if (options.signal.aborted) return { ok: false, stopped: true };
    return { ok: false, failure: failureFromNetworkError(error, service.url('audio/transcriptions')) };
  }
}
