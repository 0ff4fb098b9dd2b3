/** Where a panel is a drawer over what it serves, not a column beside it (chat.css, editor.css). */
export const DRAWER_WIDTHS = '(max-width: 1279.98px)';

interface Drawer {
  /** The drawer while it is open, or null. */
  open: () => HTMLElement | null;
  /** The control that opened it (its tab or button), where Escape puts the focus back. */
  opener: () => HTMLElement | null;
  /** What it lies over (the rows, the conversation): a press there closes it. */
  over: () => HTMLElement | null;
  close: () => void;
}

/**
 * Lets a drawer close as one over the page should: by Escape while the focus is in it or on its
 * opener (the focus going back to the opener), and by a press on what it lies over (the focus
 * going where the press puts it). A press elsewhere (the sidebar, the editor's player and tools)
 * leaves it open: those are used beside it. Only while the window is narrow enough for it to be a
 * drawer: beside its content it stays until its own control closes it. Returns the cleanup.
 */
export function dismissDrawer({ open, opener, over, close }: Drawer): () => void {
  const drawers = window.matchMedia(DRAWER_WIDTHS);
  const within = (node: Node | null, drawer: HTMLElement) => node !== null && (drawer.contains(node) || (opener()?.contains(node) ?? false));
  const onKey = (event: KeyboardEvent) => {
    const drawer = drawers.matches ? open() : null;
    // A field that uses Escape itself (a menu, an edit put back) has marked the key handled.
    if (!drawer || event.key !== 'Escape' || event.defaultPrevented || !within(document.activeElement, drawer)) return;
    event.preventDefault();
    const back = opener();
    close();
    back?.focus();
  };
  const onPress = (event: PointerEvent) => {
    const drawer = drawers.matches ? open() : null;
    const target = event.target as Node;
    if (drawer && !within(target, drawer) && over()?.contains(target)) close();
  };
  document.addEventListener('keydown', onKey);
  document.addEventListener('pointerdown', onPress);
  return () => {
    document.removeEventListener('keydown', onKey);
    document.removeEventListener('pointerdown', onPress);
  };
}
