import type { Contract } from '../../../shared/contract';
import type { Handlers } from '../router';
import type { DictationService } from '../services/dictation/dictation-service';
import { requireRealPress } from '../services/consent/real-press';
import { type UserPresence } from '../services/tools/approvals';

export function dictationHandlers(deps: { dictation: DictationService; presence: UserPresence }): Handlers<Contract>['dictation'] {
  return {
    listen: async () => {
      requireRealPress(deps.presence);
      deps.dictation.listen();
    },
    transcribe: async (input) => deps.dictation.transcribe(input),
    discard: async ({ fileId }) => deps.dictation.discard(fileId),
  };
}
