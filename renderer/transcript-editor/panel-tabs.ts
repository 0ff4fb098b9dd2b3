/** Where the panels are tabs over the rows, not a column beside them (editor.css). */
const TABS = '(max-width: 1279.98px)';

/**
 * The panels' box's ref. Below 1280 px the editor's panels are tabs: one open at a time, as a
 * drawer over the rows. The browser's own exclusive group (details sharing a `name`) opens one and
 * closes the other; from 1280 px, beside the rows, any number stay open. Set here, as the width
 * changes, rather than by each panel.
 */
export function panelTabs(box: HTMLElement | null): (() => void) | undefined {
  if (!box) return;
  const query = window.matchMedia(TABS);
  const apply = () =>
    box.querySelectorAll(':scope > details').forEach((panel) => (query.matches ? panel.setAttribute('name', 'ed-panels') : panel.removeAttribute('name')));
  apply();
  query.addEventListener('change', apply);
  return () => query.removeEventListener('change', apply);
}
