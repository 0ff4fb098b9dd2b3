import type { VirtuosoHandle } from 'react-virtuoso';

/**
 * The row being edited keeps its textarea, and the focus and caret in it, while the list
 * scrolls. The virtual list unmounts rows out of view, which would take the textarea with it
 * (focus falling to the page, typing lost, the caret forgotten), so the textarea lives in one
 * element of its own (`holder`, rendered into by a portal): the row shows it in its place while
 * the row is in view, and a dock outside the list keeps it, still focused, while it is not.
 * Typing or moving the caret there brings the row back into view.
 */
let holder: HTMLDivElement | null = null;
let dock: HTMLElement | null = null;
let list: VirtuosoHandle | null = null;
let scroller: HTMLElement | null = null;
let active: number | null = null;
/** What last had the focus in the list: when the list unmounts it, the focus goes to the list. */
let lastFocused: Element | null = null;
const remember = (event: FocusEvent) => {
  lastFocused = event.target as Element;
};

/** The textarea's own element: one for the page, each editor screen opened in turn uses it. */
export function textHolder(): HTMLDivElement {
  holder ??= document.createElement('div');
  holder.className = 'ed-text-holder';
  return holder;
}

export const setDock = (element: HTMLElement | null) => {
  dock = element;
  if (element && holder && !holder.isConnected) place(element);
};

export const setList = (handle: VirtuosoHandle | null, row: number | null) => {
  list = handle;
  active = row;
};

export const setScroller = (element: HTMLElement | Window | null) => {
  scroller?.removeEventListener('focusin', remember);
  scroller = element instanceof HTMLElement ? element : null;
  scroller?.addEventListener('focusin', remember);
};

/** Moves the textarea's element into `parent`, the focus staying in it (a moved element loses it). */
function place(parent: HTMLElement) {
  if (!holder || holder.parentElement === parent) return;
  const focused = holder.contains(document.activeElement);
  parent.append(holder);
  if (focused) holder.querySelector('textarea')?.focus({ preventScroll: true });
}

/** The row being edited came into view (mounted): its textarea shows in `slot`. */
export const showIn = (slot: HTMLElement) => place(slot);

/** The row left the view (or stopped being edited): its textarea waits in the dock. */
export function park(slot: HTMLElement) {
  if (dock && holder?.parentElement === slot) place(dock);
}

/** Whether the row being edited is out of view (its textarea in the dock). */
export const parked = () => holder !== null && dock !== null && holder.parentElement === dock;

/** Brings the row being edited back into view. */
export function reveal() {
  if (list && active !== null) list.scrollIntoView({ index: active });
}

/** Scrolls the list a page up or down, the focus staying where it is. */
export function scrollPage(direction: 1 | -1) {
  if (list && scroller) list.scrollBy({ top: direction * scroller.clientHeight * 0.9 });
}

/**
 * Focus never falls to the page: a focused part of a row (its time, its speaker) that the list
 * unmounted while scrolling leaves the focus on the list itself, where the keys still work.
 */
export function keepFocusInList() {
  const fell = document.activeElement === null || document.activeElement === document.body;
  if (scroller && fell && lastFocused && !lastFocused.isConnected) scroller.focus({ preventScroll: true });
}
