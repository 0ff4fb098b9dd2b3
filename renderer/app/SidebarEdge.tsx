import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIDEBAR_WIDTH, useSidebarPrefs } from './sidebar-prefs';

/**
 * The sidebar's edge on a wide window: dragged, or moved with the arrow keys, it sets the
 * sidebar's width (kept in the UI prefs); Home puts back the breakpoint's own. A window
 * separator, as ARIA names a splitter that sizes a pane; shown by CSS at 1280 px and wider only.
 */
export function SidebarEdge() {
  const { t } = useTranslation('common');
  const width = useSidebarPrefs((s) => s.width);
  const setWidth = useSidebarPrefs((s) => s.setWidth);
  const edge = useRef<HTMLDivElement>(null);
  // A separator that can be moved must say where it is (aria-valuenow): with no width of the user's
  // the sidebar has its breakpoint's, which only its box knows.
  const [shown, setShown] = useState<number | null>(null);
  useEffect(() => {
    const nav = edge.current?.parentElement;
    if (!nav) return;
    const observer = new ResizeObserver(() => setShown(Math.round(nav.getBoundingClientRect().width)));
    observer.observe(nav);
    return () => observer.disconnect();
  }, []);
  const rtl = () => document.documentElement.dir === 'rtl';

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const edge = event.currentTarget;
    const nav = edge.parentElement!;
    edge.setPointerCapture(event.pointerId);
    const move = (e: globalThis.PointerEvent) => {
      const box = nav.getBoundingClientRect();
      setWidth(rtl() ? box.right - e.clientX : e.clientX - box.left);
    };
    const up = () => {
      edge.removeEventListener('pointermove', move);
      edge.removeEventListener('pointerup', up);
    };
    edge.addEventListener('pointermove', move);
    edge.addEventListener('pointerup', up);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const now = width ?? event.currentTarget.parentElement!.getBoundingClientRect().width;
    const wider = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (wider !== undefined) setWidth(now + wider * (rtl() ? -1 : 1) * SIDEBAR_WIDTH.step);
    else if (event.key === 'Home') setWidth(null);
    else return;
    event.preventDefault();
  };

  return (
    <div
      ref={edge}
      className="sidebar-edge"
      role="separator"
      aria-orientation="vertical"
      aria-label={t('sidebar.width')}
      aria-valuemin={SIDEBAR_WIDTH.min}
      aria-valuemax={SIDEBAR_WIDTH.max}
      aria-valuenow={width ?? shown ?? SIDEBAR_WIDTH.min}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    />
  );
}
