import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { TranscriptRecord, TranscriptionEvent, TranscriptionRequest } from '../../../shared/contract/transcription';
import type { HistoryStore } from '../history/history-store';
import { createCoalescer } from '../coalescer';
import { BodyError } from '../net/body';
import { failureFromNetworkError } from '../service-failure';
import type { ServiceClient } from '../service-client';
import { type TranscribedPart, mergeTranscripts } from './merge';
import { parseTranscription } from './parse-result';
import type { Staging } from './staging';
import { uploadForTranscription } from './upload';

const PROGRESS_INTERVAL_MS = 100;

/**
 * One transcription: upload with progress, parse whatever format came back, and save it
 * with its audio in the history. Cancel aborts the upload at once.
 */
export function createTranscriptionService(deps: { service: ServiceClient; staging: Staging; history: HistoryStore; audioDir: string }) {
  mkdirSync(deps.audioDir, { recursive: true });

  /** Saves the transcript in the history with its recording, moved into the audio folder. */
  function keep(record: TranscriptRecord, path: string, format: string) {
    const audioPath = join(deps.audioDir, `${record.id}.${format}`);
    renameSync(path, audioPath);
    deps.history.transcripts.put(record, audioPath);
  }

  /** Saves the transcript in the history with its audio, moved out of staging. */
  function keepWithAudio(record: TranscriptRecord, fileId: string) {
    const file = deps.staging.take(fileId);
    keep(record, file.path, file.format);
  }

  return {
    keep,

    /** A staged file the user removed before it was transcribed. */
    discard: (fileId: string) => deps.staging.discard(fileId),

    async transcribe({ fileId, keep, ...request }: TranscriptionRequest, ctx: { signal: AbortSignal; emit(event: TranscriptionEvent): void }) {
      const file = deps.staging.find(fileId);
      if (!file) {
        const message = 'This file is no longer staged (it was transcribed, removed, or Confab restarted). Add it again.';
        return ctx.emit({ type: 'failed', failure: { kind: 'http', status: null, code: 'not_staged', message, host: null, retryAfterSeconds: null } });
      }
      const progress = createCoalescer<number>(
        (sentBytes) => ctx.emit({ type: 'progress', sentBytes, totalBytes: file.size }),
        (_pending, latest) => latest,
        PROGRESS_INTERVAL_MS,
      );
      progress.push(0);
      try {
        const result = await uploadForTranscription(deps.service, file, request, { signal: ctx.signal, onProgress: progress.push });
        progress.flush();
        if (!result.ok) return ctx.emit({ type: 'failed', failure: result.failure });
        progress.push(file.size);
        progress.flush();
        let raw: string;
        try {
          raw = await deps.service.readText(result);
        } catch (error) {
          if (!(error instanceof BodyError) || ctx.signal.aborted) throw error;
          const failure = { kind: 'http' as const, status: result.response.status, code: error.code, message: error.message, host: new URL(result.url).host, retryAfterSeconds: null };
          return ctx.emit({ type: 'failed', failure });
        }
        let transcript;
        try {
          transcript = parseTranscription(request.responseFormat, raw);
        } catch {
          return ctx.emit({
            type: 'failed',
            failure: { kind: 'http', status: result.response.status, code: null, message: `The service's answer could not be read as ${request.responseFormat}.`, host: null, retryAfterSeconds: null },
          });
        }
        const record = { id: randomUUID(), fileName: file.name, createdAt: Date.now(), request, transcript };
        if (keep) keepWithAudio(record, fileId);
        else await deps.staging.discard(fileId);
        ctx.emit({ type: 'done', record });
      } catch (error) {
        progress.flush();
        if (ctx.signal.aborted) return ctx.emit({ type: 'stopped' });
        ctx.emit({ type: 'failed', failure: failureFromNetworkError(error, deps.service.url('audio/transcriptions')) });
      }
    },

    saveMerged(input: { originalFileId: string; request: TranscriptRecord['request']; duration: number; parts: TranscribedPart[] }): TranscriptRecord {
      const original = deps.staging.get(input.originalFileId);
      const record: TranscriptRecord = {
        id: randomUUID(),
        fileName: original.name,
        createdAt: Date.now(),
        request: input.request,
        transcript: mergeTranscripts(input.parts, input.duration, input.request.responseFormat),
      };
      keepWithAudio(record, input.originalFileId);
      return record;
    },
  };
}

export type TranscriptionService = ReturnType<typeof createTranscriptionService>;
