// Shortcut names in the two notations the UI needs: what a person reads in a hint or title,
// and what aria-keyshortcuts expects. The "new chat" modifier follows the platform.
const mac = /Mac|iPhone|iPad/.test(navigator.userAgent);

export const SHORTCUTS = {
  send: { label: 'Enter', aria: 'Enter' },
  newLine: { label: 'Shift+Enter', aria: 'Shift+Enter' },
  stop: { label: 'Esc', aria: 'Escape' },
  newChat: { label: mac ? '⌘N' : 'Ctrl+N', aria: mac ? 'Meta+N' : 'Control+N' },
  profiles: { label: mac ? '⌘⇧P' : 'Ctrl+Shift+P', aria: mac ? 'Meta+Shift+P' : 'Control+Shift+P' },
} as const;

/** True for the platform's "new" chord: Cmd+N on a Mac, Ctrl+N elsewhere. */
export const isNewChatKey = (event: KeyboardEvent) =>
  event.key.toLowerCase() === 'n' && (mac ? event.metaKey : event.ctrlKey) && !event.shiftKey && !event.altKey;

/** True for the profile switcher's chord: Cmd+Shift+P on a Mac, Ctrl+Shift+P elsewhere. */
export const isProfilesKey = (event: KeyboardEvent) =>
  event.key.toLowerCase() === 'p' && (mac ? event.metaKey : event.ctrlKey) && event.shiftKey && !event.altKey;
