import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Job, JobRequest } from '../../../../shared/contract/jobs';
import type { Recording } from '../../../../shared/contract/recording';
import { Problem } from '../../../../shared/domain/problem';
import type { SplitPlan } from '../audio-split/types';
import type { Staging } from '../intake/staging';
import type { StoredPart } from '../jobs/job-store';
import { trackPath } from './manifest';
import { mixTracks } from './mix';

export interface QueueDeps {
  staging: Pick<Staging, 'fromPath'>;
  jobs: { add(input: { fileId: string; request: JobRequest; recordingId: string; plan?: SplitPlan; parts?: StoredPart[] }): Job };
  /** The name the queue and the transcript show, in main's language: "Recording 2026-11-26 14.05". */
  fileName(startedAt: number): string;
  /** The cuts made (and parts transcribed) while it was recorded, if the whole of it can go on from them. */
  livePlan?(folder: string, recording: Recording, request: JobRequest): Promise<{ plan: SplitPlan; parts: StoredPart[] } | null>;
}

const two = (n: number) => String(n).padStart(2, '0');
/** When a recording started, in local time, as a file name may hold it (no colon, which Windows refuses). */
export function localStamp(time: number): string {
  const at = new Date(time);
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}.${two(at.getMinutes())}`;
}

/**
 * Hands a recording to the transcription queue as a dropped file would go: its tracks mixed into
 * one WAV, staged as an original recording, and added as a job that remembers the recording.
 */
export async function queueRecording(deps: QueueDeps, folder: string, recording: Recording, request: JobRequest): Promise<Job> {
  const mixed = join(folder, 'mixed.wav');
  try {
    await mixTracks(recording.tracks.map((track) => trackPath(folder, track)), mixed);
    const name = `${deps.fileName(recording.startedAt)}.wav`;
    const staged = await deps.staging.fromPath(mixed, name, 'original');
    if (!staged.ok) throw new Problem(staged.problem.code, staged.problem.values);
    const live = (await deps.livePlan?.(folder, recording, request)) ?? {};
    return deps.jobs.add({ fileId: staged.file.fileId, request, recordingId: recording.id, ...live });
  } finally {
    // Staging holds its own copy.
    await rm(mixed, { force: true });
  }
}
