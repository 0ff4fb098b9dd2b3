import { shortcutNames } from '../../shared/domain/shortcuts';

// Shortcut names in the two notations the UI needs: what a person reads in a hint or title,
// and what aria-keyshortcuts expects. The app-wide chords come from the table the Electron
// menu also reads (shared/domain/shortcuts.ts), so a hint never disagrees with the menu.
export const mac = /Mac|iPhone|iPad/.test(navigator.userAgent);

export const SHORTCUTS = {
  send: { label: 'Enter', aria: 'Enter' },
  newLine: { label: 'Shift+Enter', aria: 'Shift+Enter' },
  stop: { label: 'Esc', aria: 'Escape' },
  newChat: shortcutNames('newChat', mac),
  profiles: shortcutNames('switchProfile', mac),
  search: shortcutNames('find', mac),
  // Held, not pressed: the composer's own, so it is not in the menu's table. Space clashes with no menu chord.
  dictate: mac ? { label: '⌘⇧Space', aria: 'Meta+Shift+Space' } : { label: 'Ctrl+Shift+Space', aria: 'Control+Shift+Space' },
  // The recorder's own, working on every screen while a recording runs; M is free in the shared table.
  mark: mac ? { label: '⌘⇧M', aria: 'Meta+Shift+M' } : { label: 'Ctrl+Shift+M', aria: 'Control+Shift+M' },
} as const;
