import type { Contract } from '../../../shared/contract';
import type { Handlers } from '../router';
import type { DictationService } from '../services/dictation/dictation-service';

export function dictationHandlers(deps: { dictation: DictationService }): Handlers<Contract>['dictation'] {
  return {
    transcribe: async (input) => deps.dictation.transcribe(input),
    discard: async ({ fileId }) => deps.dictation.discard(fileId),
  };
}
