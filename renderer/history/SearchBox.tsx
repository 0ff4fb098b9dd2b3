import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { handleIntent } from '../common/intents';
import { SHORTCUTS } from '../common/shortcuts';
import { useHistory } from './store';

/** Full-text search over every message and transcript; the shortcut reaches it from anywhere. */
export function SearchBox() {
  const { t } = useTranslation('history');
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
        aria-label={t('search.label')}
        aria-keyshortcuts={SHORTCUTS.search.aria}
        placeholder={t('search.placeholder')}
        dir="auto"
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
      <kbd aria-hidden="true" dir="ltr" translate="no">{SHORTCUTS.search.label}</kbd>
    </div>
  );
}
