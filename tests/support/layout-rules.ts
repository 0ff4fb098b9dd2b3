// The layout rules, run in the page (page.evaluate): what a user would see as a window coming
// apart, as sentences naming the elements. tests/support/layout.ts runs them at every size and theme.

/**
 * Everything a user can click or type into. A control smaller than 2 px, fully transparent or
 * scrolled out of its pane is not seen, so it overlaps nothing a user sees; while a modal dialog
 * is open only its controls count (the rest of the page is inert behind it).
 */
export const CONTROLS =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], [role="menuitem"], [role="option"], [contenteditable="true"]';

/**
 * Runs in the page. Finds, as sentences naming the elements:
 * - overlap: two visible controls whose visible boxes (the box cut by every ancestor that clips
 *   it and by the window) share more than 1 px in both directions, neither inside the other and
 *   neither in a bar pinned over the other (sticky or fixed, opaque: it covers what scrolls under it);
 * - clipped text: a visible element that hides overflow (overflow hidden or clip) while its
 *   content is larger than its box by more than 1 px. Deliberate truncation is allowed only as
 *   text-overflow: ellipsis on an element that carries the whole text in its own or an ancestor's
 *   title (so it is one hover away); visually hidden text (a 1 px box) and text fields (their
 *   text scrolls inside them by design) are not judged. A select is judged by the width of the
 *   option it shows against the room beside its arrow, and may cut it only with a title; a box
 *   folded on purpose is allowed when a collapsed control (aria-expanded="false", aria-controls
 *   naming it) shows the rest, as a long message's Show all does;
 * - a frame that scrolls: the document is larger than the window;
 * - split actions: a wrapping row led by a name, then its actions (a chip), with two like actions on two lines.
 */
export async function measure({ controls, theme, wait }: { controls: string; theme: string; wait: boolean }): Promise<{ problems: string[]; sidebar: { x: number; y: number } | null }> {
  // After a resize, two frames for the page to lay itself out again (a virtualized list measuring),
  // here rather than in a call of their own. The theme is set here too: styles and boxes are
  // computed afresh when read below.
  if (wait) await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  document.documentElement.dataset.theme = theme;
  // The width Chromium gives a select's drop-down arrow, beside its text.
  const SELECT_ARROW = 20;
  const problems: string[] = [];
  const describe = (el: Element) => {
    const label = el.getAttribute('aria-label') ?? (el as HTMLElement).innerText?.trim().replace(/\s+/g, ' ').slice(0, 40) ?? '';
    const classes = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    return `<${el.tagName.toLowerCase()}${classes}> "${label}"`;
  };
  const clips = (style: CSSStyleDeclaration) => style.overflowX !== 'visible' || style.overflowY !== 'visible';
  const visibleBox = (el: Element) => {
    const r = el.getBoundingClientRect();
    let box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    for (let parent = el.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (!clips(style)) continue;
      const p = parent.getBoundingClientRect();
      box = { left: Math.max(box.left, p.left), top: Math.max(box.top, p.top), right: Math.min(box.right, p.right), bottom: Math.min(box.bottom, p.bottom) };
    }
    box = { left: Math.max(box.left, 0), top: Math.max(box.top, 0), right: Math.min(box.right, innerWidth), bottom: Math.min(box.bottom, innerHeight) };
    return box.right - box.left > 1 && box.bottom - box.top > 1 ? box : null;
  };
  const seen = (el: Element) => {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return false;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    return !el.closest('[inert]');
  };

  // A bar pinned over a pane (sticky or fixed, with a background of its own) hides what scrolls
  // under it: the controls beneath are covered, not drawn over each other.
  const pinned = (el: Element) => {
    for (let node: Element | null = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if ((style.position === 'sticky' || style.position === 'fixed') && style.backgroundColor !== 'rgba(0, 0, 0, 0)') return node;
    }
    return null;
  };
  const covers = (bar: Element | null, other: Element) => bar !== null && !bar.contains(other);

  const modal = document.querySelector('dialog:modal, [role="dialog"][aria-modal="true"]');
  const shown = [...(modal ?? document).querySelectorAll(controls)]
    .filter(seen)
    .map((el) => ({ el, box: visibleBox(el) }))
    .filter((c): c is { el: Element; box: NonNullable<ReturnType<typeof visibleBox>> } => c.box !== null);
  for (let i = 0; i < shown.length; i++) {
    for (let j = i + 1; j < shown.length; j++) {
      const a = shown[i]!;
      const b = shown[j]!;
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
      if (covers(pinned(a.el), b.el) || covers(pinned(b.el), a.el)) continue;
      const w = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const h = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (w > 1 && h > 1) problems.push(`overlap: ${describe(a.el)} and ${describe(b.el)} share ${Math.round(w)}x${Math.round(h)} px`);
    }
  }

  // One pass over the styles: the boxes that may scroll up and down are kept for the rules below.
  const mayScroll: Element[] = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (el.matches('input, textarea, select, option, svg *')) continue;
    const style = getComputedStyle(el);
    if ((style.overflowY === 'auto' || style.overflowY === 'scroll') && !el.matches('pre, pre *')) mayScroll.push(el);
    const hidesX = style.overflowX === 'hidden' || style.overflowX === 'clip';
    const hidesY = style.overflowY === 'hidden' || style.overflowY === 'clip';
    if (!hidesX && !hidesY) continue;
    const over = (hidesX && el.scrollWidth > el.clientWidth + 1) || (hidesY && el.scrollHeight > el.clientHeight + 1);
    if (!over || !seen(el) || !visibleBox(el)) continue;
    const truncated = style.textOverflow === 'ellipsis' && el.closest('[title]') !== null && !(hidesY && el.scrollHeight > el.clientHeight + 1);
    // A fold the reader opens: the box is controlled by a collapsed control (Show all) that shows the rest.
    const folded = el.id !== '' && document.querySelector(`[aria-controls="${CSS.escape(el.id)}"][aria-expanded="false"]`) !== null;
    if (truncated || folded) continue;
    problems.push(`clipped: ${describe(el)} shows ${el.clientWidth}x${el.clientHeight} of ${el.scrollWidth}x${el.scrollHeight} px`);
  }

  // A select shows its chosen option in its box, which no scroll size measures: the text's own width is.
  const ruler = document.createElement('canvas').getContext('2d')!;
  for (const select of document.querySelectorAll('select:not([multiple])')) {
    const shownText = (select as HTMLSelectElement).selectedOptions[0]?.text ?? '';
    if (!shownText || select.hasAttribute('title') || !seen(select) || !visibleBox(select)) continue;
    const style = getComputedStyle(select);
    ruler.font = style.font;
    const room = select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight) - SELECT_ARROW;
    const needs = ruler.measureText(shownText).width;
    if (needs > room + 1) problems.push(`clipped: ${describe(select)} shows ${Math.round(room)} of the ${Math.round(needs)} px of "${shownText}"`);
  }

  // One scroll per pane: a box that scrolls up and down inside another that does is a second
  // scrollbar the reader has to find (a list that is the pane's content is the pane's one scroll).
  const scrollsY = (el: Element) => {
    const style = getComputedStyle(el);
    return (style.overflowY === 'auto' || style.overflowY === 'scroll') && el.scrollHeight > el.clientHeight + 1 && el.clientHeight > 40;
  };
  const scrollable = mayScroll.filter((el) => seen(el) && visibleBox(el));
  const scrollers = scrollable.filter(scrollsY);
  for (const inner of scrollers) {
    const outer = scrollers.find((el) => el !== inner && el.contains(inner));
    if (outer) problems.push(`nested scroll: ${describe(inner)} scrolls inside ${describe(outer)}`);
  }

  // A pane's scrollbar sits at the pane's edge (the window's side in a right-to-left page too): of
  // the scroll boxes that fill most of a pane's height (two side by side are two panes), the one
  // nearest its edge must reach it, or a dead strip lies beside the scrollbar. Judged whether or
  // not it scrolls now: a longer text would show its scrollbar where the box ends.
  const rtl = getComputedStyle(document.documentElement).direction === 'rtl';
  for (const pane of document.querySelectorAll('.app > *')) {
    const p = pane.getBoundingClientRect();
    if (p.width < 2 || p.height < 2) continue;
    const gaps = scrollable
      .filter((el) => pane.contains(el) && el.getBoundingClientRect().height >= p.height * 0.6)
      .map((box) => ({ box, gap: rtl ? box.getBoundingClientRect().left - p.left : p.right - box.getBoundingClientRect().right }))
      .sort((a, b) => a.gap - b.gap);
    const nearest = gaps[0];
    if (nearest && nearest.gap > 16) problems.push(`scrollbar off the edge: ${describe(nearest.box)} scrolls ${Math.round(nearest.gap)} px from the edge of its pane`);
  }

  // A control is at least as wide as its text: a label broken over three lines or more, a label
  // that spills out of its button, or a text field narrower than 20 characters (a number's field
  // excepted: it holds a few digits) is cramped.
  const zero = document.createElement('canvas').getContext('2d')!;
  const fields = 'button, select, summary, [role="button"], input[type="text"], input[type="url"], input[type="password"], input[type="search"], input:not([type]), textarea';
  // The controls the overlap rule found visible, with no second walk up their ancestors.
  for (const { el } of shown) {
    if (!el.matches(fields) || el.closest('.visually-hidden')) continue;
    const style = getComputedStyle(el);
    if (el.matches('[inputmode="numeric"], [inputmode="decimal"]')) continue;
    if (el.matches('input, textarea')) {
      zero.font = style.font;
      const needs = 20 * zero.measureText('0').width;
      if (el.getBoundingClientRect().width + 1 < needs) problems.push(`narrow: ${describe(el)} is ${Math.round(el.getBoundingClientRect().width)} px wide, under the 20 characters (${Math.round(needs)} px) a field needs`);
      continue;
    }
    // A control laid out in parts (a search hit: its source, snippet and date) is judged by its parts.
    if ([...el.children].some((child) => getComputedStyle(child).display !== 'inline')) continue;
    const truncated = style.textOverflow === 'ellipsis' && el.closest('[title]') !== null;
    if (!truncated && el.scrollWidth > el.clientWidth + 1) problems.push(`narrow: ${describe(el)} shows ${el.clientWidth} px of its ${el.scrollWidth} px label`);
    // A label drawn at no size (the folded sidebar's icons) is not read from the control.
    if (Number.parseFloat(style.fontSize) < 1) continue;
    const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.5;
    const text = el.getBoundingClientRect().height - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom);
    if ((el as HTMLElement).innerText?.trim() && text > line * 2.5) problems.push(`narrow: ${describe(el)} breaks its label over ${Math.round(text / line)} lines`);
  }

  // A row that names a thing, then offers its actions (a chip: its name, Save as file…, Send whole),
  // keeps its like actions (the same element and look) on one line: one wrapped to a line of its
  // own reads as a stray link under the name. A toolbar (led by a control, as Find's) may wrap.
  for (const row of new Set(shown.map(({ el }) => el.parentElement))) {
    if (!row) continue;
    const style = getComputedStyle(row);
    if (!style.display.endsWith('flex') || style.flexWrap === 'nowrap' || !style.flexDirection.startsWith('row')) continue;
    const children = [...row.children].filter(seen);
    const name = children[0];
    if (!name || name.matches(controls) || !name.textContent?.trim()) continue;
    const alike = new Map<string, Element[]>();
    for (const action of children.filter((child) => child.matches(controls))) {
      const kind = `${action.tagName} ${action.className}`;
      alike.set(kind, [...(alike.get(kind) ?? []), action]);
    }
    for (const [first, ...others] of alike.values()) {
      const line = first!.getBoundingClientRect();
      const apart = others.filter((action) => {
        const r = action.getBoundingClientRect();
        return r.top >= line.bottom || r.bottom <= line.top;
      });
      if (apart.length) problems.push(`split: ${describe(row)} has ${apart.map(describe).join(', ')} on another line than ${describe(first!)}`);
    }
  }

  // The sidebar's chats take no more room than they fill: on a tall window with few chats the
  // transcripts follow them, rather than sitting at the foot below an empty stretch.
  const lists = document.querySelector('nav.sidebar:not(.collapsed) .sidebar-lists');
  if (lists && lists.scrollHeight <= lists.clientHeight + 1) {
    const filled = Math.max(...[...lists.children].filter((child) => getComputedStyle(child).position !== 'absolute').map((child) => child.getBoundingClientRect().bottom));
    const empty = lists.getBoundingClientRect().bottom - Number.parseFloat(getComputedStyle(lists).paddingBottom) - filled;
    if (empty > 24) problems.push(`empty: the sidebar's chats leave ${Math.round(empty)} px empty above the transcripts`);
  }

  // A control keeps inside its pane's padding (the nearest box that clips, a drawer or a screen): one
  // that reaches into it sits against the edge, or under the scrollbar.
  for (const { el } of shown) {
    let pane = el.parentElement;
    while (pane && !clips(getComputedStyle(pane))) pane = pane.parentElement;
    if (!pane || pane === document.body) continue;
    const [r, p, style] = [el.getBoundingClientRect(), pane.getBoundingClientRect(), getComputedStyle(pane)];
    const over = Math.max(p.left + pane.clientLeft + Number.parseFloat(style.paddingLeft) - r.left, r.right - (p.left + pane.clientLeft + pane.clientWidth - Number.parseFloat(style.paddingRight)));
    if (over > 1) problems.push(`padding: ${describe(el)} reaches ${Math.round(over)} px into the padding of ${describe(pane)}`);
  }

  // A radio or checkbox and its words: at least 6 px apart (the browser's own 3 px margin reads as touching).
  for (const { el } of shown) {
    if (!el.matches('input[type="radio"], input[type="checkbox"]')) continue;
    const label = el.closest('label');
    const words = label && document.createRange();
    if (!label || !words || getComputedStyle(el).opacity === '0') continue;
    words.setStart(label, 0);
    words.setStartAfter(el);
    words.setEnd(label, label.childNodes.length);
    const text = [...words.getClientRects()].find((rect) => rect.width > 0 && rect.bottom > el.getBoundingClientRect().top && rect.top < el.getBoundingClientRect().bottom);
    if (!text) continue;
    const box = el.getBoundingClientRect();
    const gap = rtl ? box.left - text.right : text.left - box.right;
    if (gap > -1 && gap < 6) problems.push(`touching: ${describe(el)} is ${Math.round(gap)} px from its words in ${describe(label)}`);
  }

  const frame = document.scrollingElement!;
  if (frame.scrollHeight > frame.clientHeight || frame.scrollWidth > frame.clientWidth) {
    problems.push(`frame scrolls: the document is ${frame.scrollWidth}x${frame.scrollHeight} px in a ${frame.clientWidth}x${frame.clientHeight} window`);
  }
  // Where the wheel goes next (wheelOverSidebar): the sidebar's middle, found by its class (every language).
  const nav = document.querySelector('nav.sidebar')?.getBoundingClientRect();
  return { problems, sidebar: nav && nav.width > 0 ? { x: nav.left + nav.width / 2, y: nav.top + nav.height / 2 } : null };
}
