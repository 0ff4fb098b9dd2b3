import { useEffect } from 'react';
import { useChat, useNavigation } from '../chat';
import { isNewChatKey, isProfilesKey } from '../common/shortcuts';
import { useProfiles } from '../settings';

/**
 * The app-wide keys: the new-chat and profile-switcher chords from anywhere, and Esc to stop the visible reply.
 * A field that uses Esc itself (cancelling an edit) marks the event handled first.
 */
export function useShortcuts() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isNewChatKey(event)) {
        event.preventDefault();
        useNavigation.getState().startChat();
      } else if (isProfilesKey(event)) {
        event.preventDefault();
        useProfiles.getState().openSwitcher(true);
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
