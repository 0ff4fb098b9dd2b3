import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_FIND_CHARS } from '../../shared/contract/transcriptEditor';
import type { Match } from '../../shared/domain/transcript-edits';
import { replaceAll, replaceCurrent, step, useFind } from './find';

/** Find and replace across the transcript: case, whole word, next/previous/all, with the count. */
export function FindBar({ matches }: { matches: readonly Match[] }) {
  const { t } = useTranslation('editor');
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
    <section role="search" className="ed-find" aria-label={t('find.label')}>
      <div className="ed-find-row">
        <input
          ref={input}
          type="text"
          aria-label={t('find.find')}
          placeholder={t('find.find')}
          maxLength={MAX_FIND_CHARS}
          dir="auto"
          value={options.find}
          onChange={(event) => set({ find: event.target.value })}
          onKeyDown={(event) => {
            if (event.key === 'Enter') step(event.shiftKey ? -1 : 1, count);
            if (event.key === 'Escape') useFind.setState({ open: false });
          }}
        />
        <span className="ed-count" role="status">
          {options.find ? (count ? t('find.position', { current: at + 1, total: count }) : t('find.none')) : ''}
        </span>
        <button type="button" className="small secondary" onClick={() => step(-1, count)} disabled={!count} aria-label={t('find.previous')}>
          ↑
        </button>
        <button type="button" className="small secondary" onClick={() => step(1, count)} disabled={!count} aria-label={t('find.next')}>
          ↓
        </button>
        <label className="ed-check">
          <input type="checkbox" checked={options.caseSensitive} onChange={(event) => set({ caseSensitive: event.target.checked })} /> {t('find.matchCase')}
        </label>
        <label className="ed-check">
          <input type="checkbox" checked={options.wholeWord} onChange={(event) => set({ wholeWord: event.target.checked })} /> {t('find.wholeWords')}
        </label>
        <button type="button" className="small secondary" onClick={() => useFind.setState({ open: false })} aria-label={t('find.close')}>
          ✕
        </button>
      </div>
      <div className="ed-find-row">
        <input type="text" dir="auto" maxLength={MAX_FIND_CHARS} aria-label={t('find.replaceWith')} placeholder={t('find.replaceWith')} value={replace} onChange={(event) => useFind.setState({ replace: event.target.value })} />
        <button type="button" className="small secondary" disabled={!count} onClick={() => replaceCurrent(matches[at])}>
          {t('find.replace')}
        </button>
        <button type="button" className="small secondary" disabled={!count} onClick={replaceAll}>
          {t('find.replaceAll')}
        </button>
      </div>
    </section>
  );
}
