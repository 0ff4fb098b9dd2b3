import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Job, JobRequest } from '../../../../shared/contract/jobs';
import type { Recording } from '../../../../shared/contract/recording';
import { Problem } from '../../../../shared/domain/problem';
import type { Staging } from '../intake/staging';
import { trackPath } from './manifest';
import { mixTracks } from './mix';

export interface QueueDeps {
  staging: Pick<Staging, 'fromPath'>;
  jobs: { add(input: { fileId: string; request: JobRequest; recordingId: string }): Job };
}

/**
 * Hands a recording to the transcription queue as a dropped file would go: its tracks mixed into
 * one WAV, staged as an original recording, and added as a job that remembers the recording.
 */
export async function queueRecording(deps: QueueDeps, folder: string, recording: Recording, request: JobRequest): Promise<Job> {
  const mixed = join(folder, 'mixed.wav');
  try {
    await mixTracks(recording.tracks.map((track) => trackPath(folder, track)), mixed);
    const name = `Recording ${new Date(recording.startedAt).toISOString().slice(0, 16).replace('T', ' ')}.wav`;
    const staged = await deps.staging.fromPath(mixed, name, 'original');
    if (!staged.ok) throw new Problem(staged.problem.code, staged.problem.values);
    return deps.jobs.add({ fileId: staged.file.fileId, request, recordingId: recording.id });
  } finally {
    // Staging holds its own copy.
    await rm(mixed, { force: true });
  }
}
