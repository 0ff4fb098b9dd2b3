import { useLayoutEffect } from 'react';
import { INTENTS, type Intent } from '../../shared/domain/shortcuts';
import { startChat, useChat } from '../chat';
import { openSettings, useNavigation } from '../navigation';
import { handleIntent } from '../common/intents';
import { useHistory } from '../history';
import { useProfiles, useSettings } from '../settings';

const prefersDark = () => window.matchMedia('(prefers-color-scheme: dark)').matches;

/** After the screen has rendered, the first element matching `selector` (the screen's own control). */
const afterRender = (selector: string, act: (element: HTMLElement) => void) =>
  requestAnimationFrame(() => {
    const element = document.querySelector<HTMLElement>(selector);
    if (element) act(element);
  });

/**
 * The app shell's commands. Open Recording and Export reach the current screen's own control
 * (the file picker, which the drop zone opens when drawn; the export buttons), so the page never
 * gains a second way to do either.
 */
const COMMANDS: Partial<Record<Intent, () => void>> = {
  newChat: startChat,
  settings: openSettings,
  switchProfile: () => useProfiles.getState().openSwitcher(true),
  toggleTheme: () => {
    const theme = useSettings.getState().settings?.theme ?? 'system';
    const dark = theme === 'dark' || (theme === 'system' && prefersDark());
    void useSettings.getState().update({ theme: dark ? 'light' : 'dark' });
  },
  openRecording: () => useNavigation.getState().openRecording(),
  export: () => {
    const { view } = useNavigation.getState();
    if (view === 'transcription') return afterRender('main .export button', (button) => button.focus());
    const { activeId, conversations } = useChat.getState();
    const active = conversations.find((conversation) => conversation.id === activeId);
    if (active && active.messages.length > 0) void useHistory.getState().exportConversation(activeId, 'markdown');
  },
};

/**
 * Registers the shell's commands for the app's lifetime (Find belongs to the search box), from
 * the commit that first draws the window, as the keys are (useShortcuts).
 */
export function useAppIntents() {
  useLayoutEffect(() => {
    const removers = INTENTS.flatMap((intent) => {
      const run = COMMANDS[intent];
      return run ? [handleIntent(intent, run)] : [];
    });
    return () => removers.forEach((remove) => remove());
  }, []);
}
