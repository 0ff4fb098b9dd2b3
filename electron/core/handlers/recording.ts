import type { Contract } from '../../../shared/contract';
import type { Handlers } from '../router';

// Placeholder while the recording service is built (issue #27); replaced by its handlers.
const notYet = async (): Promise<never> => {
  throw new Error('Recording is not built yet.');
};

export function recordingHandlers(): Handlers<Contract>['recording'] {
  return {
    watch: notYet,
    capabilities: notYet,
    start: notYet,
    attach: notYet,
    pause: notYet,
    resume: notYet,
    stop: notYet,
    mark: notYet,
    trackLost: notYet,
    transcribe: notYet,
    keep: notYet,
    discard: notYet,
  };
}
