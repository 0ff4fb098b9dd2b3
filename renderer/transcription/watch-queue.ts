import { cameInBatch, useIntake } from './intake';
import { isActive, useJobs, watchJobs } from './jobs';
import { showFinished, useTranscription } from './store';

/** Follows main's queue for as long as the app runs (the app shell's effect); the form shows main's options. */
export function watchTranscriptionQueue(): () => void {
  void useTranscription.getState().loadForm();
  return watchJobs((job) => {
    const batch = cameInBatch(job.id);
    const others = (useJobs.getState().jobs ?? []).some((other) => other.id !== job.id && isActive(other)) || useIntake.getState().items.some((i) => i.state === 'staging' || i.state === 'adding');
    showFinished(job, !batch && !others);
  });
}
