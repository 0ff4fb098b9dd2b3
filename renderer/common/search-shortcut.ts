import { SHORTCUTS } from './shortcuts';

// Search takes the same platform modifier as New chat (Cmd on a Mac, Ctrl elsewhere), read
// from there so the two can never disagree.
const modifier = SHORTCUTS.newChat.aria.split('+')[0];

export const SEARCH_SHORTCUT = {
  label: `${SHORTCUTS.newChat.label.slice(0, -1)}K`,
  aria: `${modifier}+K`,
} as const;

export const isSearchKey = (event: KeyboardEvent) =>
  event.key.toLowerCase() === 'k' && (modifier === 'Meta' ? event.metaKey : event.ctrlKey) && !event.shiftKey && !event.altKey;
