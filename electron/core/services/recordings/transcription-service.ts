import { mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { TranscriptRecord } from '../../../../shared/contract/transcription';
import type { HistoryStore } from '../history/history-store';
import type { Staging } from '../intake/staging';

/**
 * Where transcripts are kept: in the history, with their recording moved into the audio
 * folder. Transcribing itself is the job queue's (services/jobs/).
 */
export function createTranscriptionService(deps: { staging: Staging; history: HistoryStore; audioDir: string }) {
  mkdirSync(deps.audioDir, { recursive: true });
  return {
    /** Saves the transcript in the history with its recording, moved into the audio folder. */
    keep(record: TranscriptRecord, path: string, format: string) {
      const audioPath = join(deps.audioDir, `${record.id}.${format}`);
      renameSync(path, audioPath);
      deps.history.transcripts.put(record, audioPath);
    },

    /** A staged file the user removed before it was queued. */
    discard: (fileId: string) => deps.staging.discard(fileId),
  };
}

export type TranscriptionService = ReturnType<typeof createTranscriptionService>;
