import type { JobRequest } from '../../../../shared/contract/jobs';
import { type Plan, transcriptionAllowed } from '../../../../shared/domain/plan-rules';
import type { StageOutcome } from '../../../../shared/contract/transcription';
import { errorText } from '../../../../shared/domain/error-text';
import type { ProblemData } from '../../../../shared/domain/problem';
import type { DesktopEvents } from '../events/desktop-events';
import type { JobQueue } from './job-queue';

export interface OpenedRecordingsDeps {
  jobs: Pick<JobQueue, 'add'>;
  settings: { get(): { plan: Plan }; transcriptionDefaults(): JobRequest };
  events: Pick<DesktopEvents, 'send'>;
  /** Removes a staged file main could not queue, so no copy is left that nothing can reach. */
  discard(fileId: string): Promise<void>;
}

/**
 * Recordings the OS opened with Confab, already staged: main queues them itself with the
 * settings' transcription defaults, so they need no page to reach the queue. On the Free plan
 * they stay staged and the page lists them as waiting for Pro; nothing is thrown away.
 */
export function createOpenedRecordings(deps: OpenedRecordingsDeps) {
  return {
    receive(outcomes: readonly StageOutcome[]): void {
      const refused: ProblemData[] = outcomes.flatMap((outcome) => (outcome.ok ? [] : [outcome.problem]));
      const staged = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.file] : []));
      const pro = transcriptionAllowed(deps.settings.get().plan);
      const queued: string[] = [];
      if (pro) {
        for (const file of staged) {
          try {
            queued.push(deps.jobs.add({ fileId: file.fileId, request: deps.settings.transcriptionDefaults() }).id);
          } catch (error) {
            void deps.discard(file.fileId);
            refused.push({ code: 'intake.not_queued', values: { name: file.name, detail: errorText(error) } });
          }
        }
      }
      deps.events.send({ type: 'opened', queued, needsPro: pro ? [] : staged, refused });
    },
  };
}

export type OpenedRecordings = ReturnType<typeof createOpenedRecordings>;
