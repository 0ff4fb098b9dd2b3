import { applyLiveChange } from '../../shared/domain/live-transcript';
import { api } from '../api';
import { watchStream } from '../api/watch';
import { watchMarkKey } from './mark-key';
import { attachRecording, capturing, endedElsewhere } from './session';
import { useRecorder } from './store';

/**
 * The page's one recording watch, started once by the app. Main first sends the state as it
 * stands, so a reloaded page finds a running recording and takes its capture back.
 */
export function watchRecording(): () => void {
  void api.recording.capabilities().then(
    (capabilities) => useRecorder.getState().set({ capabilities }),
    (failure: unknown) => useRecorder.getState().set({ failure }),
  );
  const stopKey = watchMarkKey();
  const stopWatch = watchStream(api.recording.watch, (event) => {
    useRecorder.getState().set({ event });
    const active = event.active;
    const running = active && (active.state === 'recording' || active.state === 'paused') ? active : null;
    if (running && !capturing()) void attachRecording(running);
    else endedElsewhere(running?.id ?? null);
  });
  // Main sends the live transcript whole once, then only what changed.
  const stopCaptions = watchStream(api.recording.captions, (change) => useRecorder.getState().set({ live: applyLiveChange(useRecorder.getState().live, change) }));
  return () => {
    stopKey();
    stopWatch();
    stopCaptions();
  };
}
