import type { WatchEvent } from '../../shared/contract/conversations';

const isFragment = (event: WatchEvent) => event.type === 'reply' && event.event.type === 'delta';

/**
 * Hands main's events on in order, a reply's text fragments at most once per frame: a fast
 * stream brings them faster than the screen is drawn, and each one applied alone would render
 * the reply (React, its open Markdown block, the list's layout) again for a frame nobody sees.
 * Any other event goes at once, after the fragments held before it, so a reply's end and
 * every change to a conversation show as soon as they arrive. A hidden page draws no frames:
 * its fragments wait for the next frame or the next other event.
 */
export function frameBatched(apply: (events: WatchEvent[]) => void) {
  let held: WatchEvent[] = [];
  let frame: number | null = null;
  const flush = () => {
    if (frame !== null) cancelAnimationFrame(frame);
    frame = null;
    if (!held.length) return;
    const events = held;
    held = [];
    apply(events);
  };
  return (event: WatchEvent) => {
    held.push(event);
    if (!isFragment(event)) flush();
    else frame ??= requestAnimationFrame(flush);
  };
}
