import type { StagedFile } from '../../shared/contract/transcription';
import { useNavigation } from '../chat';
import { useIntake } from './intake';
import { useJobs } from './jobs';

/** Recordings the OS opened with Confab, already staged by main: they join the queue as a drop would. */
export const addOpenedRecordings = (files: readonly StagedFile[]): void => useIntake.getState().addStaged(files);

/** A job's notification was clicked: its transcript when there is one, else the queue that shows why. */
export function showJob(jobId: string): void {
  const recordId = useJobs.getState().jobs?.find((job) => job.id === jobId)?.recordId;
  if (recordId) useNavigation.getState().openTranscript(recordId);
  else useNavigation.setState({ view: 'transcription', transcriptId: null });
}
