import type { StagedFile } from '../../shared/contract/transcription';
import { useNavigation } from '../navigation';
import { queuedTogether, useIntake } from './intake';
import { useJobs } from './jobs';

/**
 * Recordings the OS opened with Confab, handled by main: the jobs it queued (followed as a
 * batch when several) and the files it keeps for the Pro plan, listed as waiting.
 */
export function addOpenedRecordings(queued: readonly string[], needsPro: readonly StagedFile[]): void {
  queuedTogether(queued);
  useIntake.getState().addStaged(needsPro);
}

/** A job's notification was clicked: its transcript when there is one, else the queue that shows why. */
export function showJob(jobId: string): void {
  const recordId = useJobs.getState().jobs?.find((job) => job.id === jobId)?.recordId;
  if (recordId) useNavigation.getState().openTranscript(recordId);
  else useNavigation.setState({ view: 'transcription', transcriptId: null });
}
