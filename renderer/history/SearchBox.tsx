import { useEffect, useRef } from 'react';
import { SEARCH_SHORTCUT, isSearchKey } from '../common/search-shortcut';
import { useHistory } from './store';

/** Full-text search over every message and transcript; the shortcut reaches it from anywhere. */
export function SearchBox() {
  const query = useHistory((s) => s.query);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchKey(event)) return;
      event.preventDefault();
      field.current?.focus();
      field.current?.select();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div className="search-box" role="search">
      <input
        ref={field}
        type="search"
        aria-label="Search conversations and transcripts"
        aria-keyshortcuts={SEARCH_SHORTCUT.aria}
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
      <kbd aria-hidden="true">{SEARCH_SHORTCUT.label}</kbd>
    </div>
  );
}
