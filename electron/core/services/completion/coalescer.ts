/**
 * Limits a fast series of updates to at most one send per interval: the first goes out at
 * once, later ones are combined until the interval has passed, and `flush` sends what is
 * left. Streamed text (combined by joining) and upload progress (the latest count wins)
 * both arrive far faster than one IPC message and one React update each are worth.
 */
export function createCoalescer<T>(send: (value: T) => void, combine: (pending: T, next: T) => T, intervalMs = 16) {
  let pending: { value: T } | null = null;
  let lastSent = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending) return;
    const { value } = pending;
    pending = null;
    lastSent = performance.now();
    send(value);
  }

  return {
    push(value: T) {
      pending = pending ? { value: combine(pending.value, value) } : { value };
      const wait = lastSent + intervalMs - performance.now();
      if (wait <= 0) flush();
      else timer ??= setTimeout(flush, wait);
    },
    flush,
  };
}

/** Text fragments: joined, and empty ones dropped before they cost a send. */
export function createTextCoalescer(send: (text: string) => void, intervalMs?: number) {
  const coalescer = createCoalescer<string>(send, (pending, next) => pending + next, intervalMs);
  return { push: (text: string) => text && coalescer.push(text), flush: coalescer.flush };
}
