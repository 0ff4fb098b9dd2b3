import { DRAWER_WIDTHS, dismissDrawer } from '../common/drawer';

/**
 * The panels' box's ref. Below 1280 px the editor's panels are tabs: one open at a time, as a
 * drawer over the rows, closed by Escape or a press on the rows, as chat options are. The browser's
 * own exclusive group (details sharing a `name`) opens one and closes the other; from 1280 px,
 * beside the rows, any number stay open. Set here, as the width changes, rather than by each panel.
 */
export function panelTabs(box: HTMLElement | null): (() => void) | undefined {
  if (!box) return;
  const query = window.matchMedia(DRAWER_WIDTHS);
  const apply = () =>
    box.querySelectorAll(':scope > details').forEach((panel) => (query.matches ? panel.setAttribute('name', 'ed-panels') : panel.removeAttribute('name')));
  apply();
  query.addEventListener('change', apply);
  const open = () => box.querySelector<HTMLDetailsElement>(':scope > details[open]');
  const stopDismissing = dismissDrawer({
    open,
    opener: () => open()?.querySelector<HTMLElement>(':scope > summary') ?? null,
    // The rows, not the player and tools (used beside a panel) nor the other tabs: the group
    // switches those itself, and a drawer closed under the press would move the tab it aimed at.
    over: () => box.parentElement?.querySelector<HTMLElement>(':scope > .ed-list') ?? null,
    close: () => open()?.removeAttribute('open'),
  });
  return () => {
    query.removeEventListener('change', apply);
    stopDismissing();
  };
}
