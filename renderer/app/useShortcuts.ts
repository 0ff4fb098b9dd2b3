import { useEffect } from 'react';
import { useChat } from '../chat';
import { isNewChatKey } from '../common/shortcuts';
import { useNavigation } from './navigation';

/**
 * The app-wide keys: the new-chat chord from anywhere, and Esc to stop the visible reply.
 * A field that uses Esc itself (cancelling an edit) marks the event handled first.
 */
export function useShortcuts() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isNewChatKey(event)) {
        event.preventDefault();
        useNavigation.getState().startChat();
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
