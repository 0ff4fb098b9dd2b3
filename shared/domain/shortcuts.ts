/**
 * Every app-wide command the menu and the page's own keys share, declared once: the
 * Electron menu's accelerators and the renderer's key handling both read this table, and
 * both end in the renderer's one intent runner, so a menu click and its chord do the same.
 * `key` is pressed with the platform's primary modifier (Cmd on a Mac, Ctrl elsewhere).
 */
export const INTENTS = ['newChat', 'openRecording', 'export', 'settings', 'find', 'toggleTheme', 'switchProfile'] as const;
export type Intent = (typeof INTENTS)[number];

export interface Shortcut {
  /** The menu item's words. */
  readonly label: string;
  /** The key with the primary modifier: a letter, or `,`. */
  readonly key: string;
  readonly shift: boolean;
}

export const SHORTCUT_TABLE: Readonly<Record<Intent, Shortcut>> = {
  newChat: { label: 'New Chat', key: 'N', shift: false },
  openRecording: { label: 'Open Recording…', key: 'O', shift: false },
  export: { label: 'Export…', key: 'E', shift: false },
  settings: { label: 'Settings…', key: ',', shift: false },
  // The app's search has always been on K (a chat box owns F-style find in every other client).
  find: { label: 'Find', key: 'K', shift: false },
  toggleTheme: { label: 'Toggle Dark Theme', key: 'D', shift: true },
  switchProfile: { label: 'Switch Profile…', key: 'P', shift: true },
};

/** Electron's accelerator string for an intent's chord. */
export const accelerator = (intent: Intent): string => {
  const { key, shift } = SHORTCUT_TABLE[intent];
  return `CmdOrCtrl+${shift ? 'Shift+' : ''}${key}`;
};

/** What a person reads (`label`) and what aria-keyshortcuts expects (`aria`), per platform. */
export function shortcutNames(intent: Intent, mac: boolean): { label: string; aria: string } {
  const { key, shift } = SHORTCUT_TABLE[intent];
  if (mac) return { label: `⌘${shift ? '⇧' : ''}${key}`, aria: `Meta+${shift ? 'Shift+' : ''}${key}` };
  return { label: `Ctrl+${shift ? 'Shift+' : ''}${key}`, aria: `Control+${shift ? 'Shift+' : ''}${key}` };
}

export interface KeyPress {
  key: string;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** The intent a key press asks for, or null. */
export function intentForKey(event: KeyPress, mac: boolean): Intent | null {
  if (event.altKey || !(mac ? event.metaKey : event.ctrlKey) || (mac && event.ctrlKey)) return null;
  const key = event.key.toLowerCase();
  return INTENTS.find((intent) => SHORTCUT_TABLE[intent].key.toLowerCase() === key && SHORTCUT_TABLE[intent].shift === event.shiftKey) ?? null;
}
