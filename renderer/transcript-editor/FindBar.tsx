import { useEffect, useRef } from 'react';
import type { Match } from '../../shared/domain/transcript-edits';
import { replaceAll, replaceCurrent, step, useFind } from './find';

/** Find and replace across the transcript: case, whole word, next/previous/all, with the count. */
export function FindBar({ matches }: { matches: readonly Match[] }) {
  const { open, options, replace, current } = useFind();
  const input = useRef<HTMLInputElement>(null);
  const focus = useFind((view) => view.open);
  useEffect(() => {
    if (focus) input.current?.select();
  }, [focus]);
  if (!open) return null;
  const count = matches.length;
  const at = count ? Math.min(current, count - 1) : -1;
  const set = (patch: Partial<typeof options>) => useFind.setState({ options: { ...options, ...patch }, current: 0 });
  return (
    <section role="search" className="ed-find" aria-label="Find and replace">
      <div className="ed-find-row">
        <input
          ref={input}
          type="text"
          aria-label="Find"
          placeholder="Find"
          value={options.find}
          onChange={(event) => set({ find: event.target.value })}
          onKeyDown={(event) => {
            if (event.key === 'Enter') step(event.shiftKey ? -1 : 1, count);
            if (event.key === 'Escape') useFind.setState({ open: false });
          }}
        />
        <span className="ed-count" role="status">
          {options.find ? (count ? `${at + 1} of ${count}` : 'No matches') : ''}
        </span>
        <button type="button" className="small secondary" onClick={() => step(-1, count)} disabled={!count} aria-label="Previous match">
          ↑
        </button>
        <button type="button" className="small secondary" onClick={() => step(1, count)} disabled={!count} aria-label="Next match">
          ↓
        </button>
        <label className="ed-check">
          <input type="checkbox" checked={options.caseSensitive} onChange={(event) => set({ caseSensitive: event.target.checked })} /> Match case
        </label>
        <label className="ed-check">
          <input type="checkbox" checked={options.wholeWord} onChange={(event) => set({ wholeWord: event.target.checked })} /> Whole words
        </label>
        <button type="button" className="small secondary" onClick={() => useFind.setState({ open: false })} aria-label="Close find">
          ✕
        </button>
      </div>
      <div className="ed-find-row">
        <input type="text" aria-label="Replace with" placeholder="Replace with" value={replace} onChange={(event) => useFind.setState({ replace: event.target.value })} />
        <button type="button" className="small secondary" disabled={!count} onClick={() => replaceCurrent(matches[at])}>
          Replace
        </button>
        <button type="button" className="small secondary" disabled={!count} onClick={replaceAll}>
          Replace all
        </button>
      </div>
    </section>
  );
}
