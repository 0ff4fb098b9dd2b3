import { useEffect, useRef } from 'react';
import { handleIntent } from '../common/intents';
import { SHORTCUTS } from '../common/shortcuts';
import { useHistory } from './store';

/** Full-text search over every message and transcript; the shortcut reaches it from anywhere. */
export function SearchBox() {
  const query = useHistory((s) => s.query);
  const field = useRef<HTMLInputElement>(null);

  // Find (the chord, or Edit ▸ Find in Electron's menu) focuses the box from anywhere.
  useEffect(
    () =>
      handleIntent('find', () => {
        field.current?.focus();
        field.current?.select();
      }),
    [],
  );

  return (
    <div className="search-box" role="search">
      <input
        ref={field}
        type="search"
        aria-label="Search conversations and transcripts"
        aria-keyshortcuts={SHORTCUTS.search.aria}
        placeholder="Search"
        spellCheck={false}
        value={query}
        onChange={(event) => useHistory.getState().search(event.target.value)}
        onKeyDown={(event) => {
          // Esc empties the box (and is not also taken as "stop the reply").
          if (event.key === 'Escape' && query) {
            event.preventDefault();
            useHistory.getState().search('');
          }
        }}
      />
      <kbd aria-hidden="true">{SHORTCUTS.search.label}</kbd>
    </div>
  );
}
