import { openAsBlob } from 'node:fs';
import type { TranscriptionRequest } from '../../../../shared/contract/transcription';
import type { ServiceClient, ServiceResult } from '../net/service-client';

export interface UploadFile {
  path: string;
  name: string;
  mimeType: string;
  size: number;
}

/** The multipart fields of the transcription operation (seed §4.2). */
export function transcriptionForm(file: Blob, name: string, request: TranscriptionRequest): FormData {
  const form = new FormData();
  form.append('file', file, name);
  form.append('model', request.model);
  if (request.language) form.append('language', request.language.toLowerCase());
  if (request.prompt) form.append('prompt', request.prompt);
  form.append('response_format', request.responseFormat);
  // The service returns timings only in verbose_json, so granularities go with it alone.
  if (request.responseFormat === 'verbose_json') {
    for (const granularity of request.granularities) form.append('timestamp_granularities[]', granularity);
  }
  return form;
}

/**
 * Uploads with the platform's FormData and fetch. The file is a Blob backed by the file on
 * disk, so it is read as it is sent, never held in memory; counting the bytes fetch pulls
 * from the encoded body gives real upload progress, because fetch pulls only as the
 * socket drains.
 */
export async function uploadForTranscription(
  service: ServiceClient,
  file: UploadFile,
  request: TranscriptionRequest,
  options: { signal: AbortSignal; onProgress(sentBytes: number): void },
): Promise<ServiceResult> {
  const form = transcriptionForm(await openAsBlob(file.path, { type: file.mimeType }), file.name, request);
  const encoded = new Response(form);
  let sent = 0;
  const counted = encoded.body!.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        sent += chunk.byteLength;
        options.onProgress(Math.min(sent, file.size));
        controller.enqueue(chunk);
      },
    }),
  );
  return service.post('audio/transcriptions', counted, {
    contentType: encoded.headers.get('content-type')!,
    signal: options.signal,
  });
}
