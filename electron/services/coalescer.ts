/**
 * Joins text fragments so the renderer gets at most one event per interval: a fast stream
 * sends hundreds of tiny deltas a second, and one IPC message and React update per
 * fragment would cost more than the text is worth. The first fragment goes out at once so
 * the reply starts appearing without delay.
 */
export function createCoalescer(send: (text: string) => void, intervalMs = 16) {
  let pending = '';
  let lastSent = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending) return;
    const text = pending;
    pending = '';
    lastSent = performance.now();
    send(text);
  }

  return {
    push(text: string) {
      if (!text) return;
      pending += text;
      const wait = lastSent + intervalMs - performance.now();
      if (wait <= 0) flush();
      else timer ??= setTimeout(flush, wait);
    },
    /** Sends what is buffered now; called before the stream's final event. */
    flush,
  };
}
