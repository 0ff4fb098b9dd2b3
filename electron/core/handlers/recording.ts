import type { Contract } from '../../../shared/contract';
import type { Handlers } from '../router';
import type { LiveCaptions } from '../services/live-captions/live-captions';
import type { RecordingService } from '../services/recording/recording-service';
import { requireRealPress } from '../services/consent/real-press';
import type { UserPresence } from '../services/tools/approvals';

export function recordingHandlers(deps: { recording: RecordingService; captions: LiveCaptions; presence: UserPresence }): Handlers<Contract>['recording'] {
  const { recording } = deps;
  return {
    watch: async (_input, ctx) => recording.watch(ctx.emit, ctx.signal),
    captions: async (_input, ctx) => deps.captions.watch(ctx.emit, ctx.signal),
    capabilities: async () => recording.capabilities(),
    start: async (input) => {
      requireRealPress(deps.presence);
      return recording.start(input);
    },
    attach: (input) => recording.attach(input),
    pause: (input) => recording.pause(input),
    resume: (input) => recording.resume(input),
    stop: (input) => recording.stop(input),
    mark: (input) => recording.mark(input),
    note: (input) => recording.note(input),
    trackLost: (input) => recording.trackLost(input),
    transcribe: (input) => recording.transcribe(input),
    keep: (input) => recording.keep(input),
    whoSpoke: (input) => recording.whoSpoke(input),
    discard: (input) => recording.discard(input),
  };
}
