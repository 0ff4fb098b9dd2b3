import { useLayoutEffect } from 'react';
import { intentForKey } from '../../shared/domain/shortcuts';
import { useChat } from '../chat';
import { useNavigation } from '../navigation';
import { runIntent } from '../common/intents';
import { mac } from '../common/shortcuts';

/**
 * The app-wide keys: every chord of the shared table (the same the Electron menu shows) runs
 * its intent, and Esc stops the visible reply. In Electron the menu takes its accelerators
 * first and sends the same intent, so each command has one code path either way. A field
 * that uses Esc itself (cancelling an edit) marks the event handled first.
 * A layout effect: listening from the commit that first draws the window, so a key pressed as
 * soon as anything shows is not lost to a passive effect still waiting for its task.
 */
export function useShortcuts() {
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const intent = intentForKey(event, mac);
      if (intent) {
        if (runIntent(intent)) event.preventDefault();
      } else if (event.key === 'Escape' && !event.defaultPrevented && useNavigation.getState().view === 'chat') {
        const chat = useChat.getState();
        if (chat.running[chat.activeId]) {
          event.preventDefault();
          chat.stop(chat.activeId);
        }
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
