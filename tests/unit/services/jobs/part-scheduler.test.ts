import { describe, expect, it, vi } from 'vitest';
import { MAX_LIMITED_IN_A_ROW, RateLimited, backoffSeconds, scheduleParts } from '../../../../electron/core/services/jobs/part-scheduler';

/** A part's work the test ends by hand; `started` says which parts are in flight and in what order they went. */
function harness() {
  const started: number[] = [];
  const pending = new Map<number, { resolve(): void; reject(error: unknown): void }>();
  const work = (item: number) =>
    new Promise<void>((resolve, reject) => {
      started.push(item);
      pending.set(item, { resolve, reject });
    });
  const settle = async (item: number, error?: unknown) => {
    const one = pending.get(item)!;
    pending.delete(item);
    if (error) one.reject(error);
    else one.resolve();
    // Lets the scheduler take the freed slot.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { started, pending, work, settle };
}

const ticks = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('scheduleParts', () => {
  it('keeps up to max parts in flight, in list order, and a freed slot goes to the next part', async () => {
    const h = harness();
    const done = scheduleParts([0, 1, 2, 3, 4], { max: 3, signal: new AbortController().signal, work: h.work, onWait: () => undefined });
    await ticks();
    expect(h.started).toEqual([0, 1, 2]);
    await h.settle(1);
    expect(h.started).toEqual([0, 1, 2, 3]);
    expect([...h.pending.keys()]).toEqual([0, 2, 3]);
    for (const item of [0, 2, 3]) await h.settle(item);
    await h.settle(4);
    await done;
    expect(h.started).toEqual([0, 1, 2, 3, 4]);
  });

  it('takes parts still arriving after the list, starts each as it comes when a slot is free, and ends only once none will come', async () => {
    const h = harness();
    let add: (item: number) => void = () => undefined;
    let end: (error?: unknown) => void = () => undefined;
    async function* arriving() {
      for (;;) {
        const next = await new Promise<number | null>((resolve, reject) => {
          add = resolve;
          end = (error) => (error ? reject(error) : resolve(null));
        });
        if (next === null) return;
        yield next;
      }
    }
    let ended = false;
    const done = scheduleParts([0], { max: 2, signal: new AbortController().signal, work: h.work, onWait: () => undefined, more: arriving() }).then(() => (ended = true));
    await ticks();
    expect(h.started).toEqual([0]);
    add(1);
    await ticks();
    expect(h.started).toEqual([0, 1]);
    // Both slots taken: part 2 waits for one.
    add(2);
    await ticks();
    expect(h.started).toEqual([0, 1]);
    await h.settle(0);
    expect(h.started).toEqual([0, 1, 2]);
    await h.settle(1);
    await h.settle(2);
    // All in flight are done, but more may come.
    expect(ended).toBe(false);
    add(3);
    await ticks();
    await h.settle(3);
    end();
    await done;
    expect(h.started).toEqual([0, 1, 2, 3]);
  });

  it('fails with the arrivals\' failure once the parts in flight are done', async () => {
    const h = harness();
    let fail: () => void = () => undefined;
    async function* failing() {
      yield 1;
      await new Promise<void>((resolve) => (fail = resolve));
      throw new Error('reading failed');
    }
    let settled = false;
    const done = scheduleParts([0], { max: 3, signal: new AbortController().signal, work: h.work, onWait: () => undefined, more: failing() }).finally(() => (settled = true));
    done.catch(() => undefined);
    await ticks();
    expect(h.started).toEqual([0, 1]);
    fail();
    await h.settle(0);
    expect(settled).toBe(false);
    await h.settle(1);
    await expect(done).rejects.toThrow('reading failed');
    expect(h.started).toEqual([0, 1]);
  });

  it('on a rate limit halves the parts in flight, waits as asked, sends the part again first, and creeps back up', async () => {
    const h = harness();
    const waits: Array<number | null> = [];
    const slept: number[] = [];
    let wake: () => void = () => undefined;
    const sleep = (ms: number) => new Promise<void>((resolve) => (slept.push(ms), (wake = resolve)));
    const done = scheduleParts([0, 1, 2, 3, 4, 5, 6, 7], { max: 4, signal: new AbortController().signal, work: h.work, onWait: (until) => waits.push(until), sleep });
    await ticks();
    expect(h.started).toEqual([0, 1, 2, 3]);
    const before = Date.now();
    await h.settle(1, new RateLimited(12));
    // No part starts while the service asked to wait.
    expect(h.started).toEqual([0, 1, 2, 3]);
    expect(waits[0]! - before).toBeGreaterThanOrEqual(11_900);
    expect(slept[0]).toBeGreaterThan(11_000);
    const realNow = Date.now;
    Date.now = () => realNow() + 13_000;
    try {
      wake();
      await ticks();
      expect(waits.at(-1)).toBeNull();
      // The slots are halved (4 → 2), and three parts are still in flight: one ending frees none.
      await h.settle(0);
      expect(h.started).toEqual([0, 1, 2, 3]);
      // Two successes at two slots give one back (3): part 1 goes again before part 4.
      await h.settle(2);
      expect(h.started).toEqual([0, 1, 2, 3, 1, 4]);
      for (const item of [3, 1, 4, 5, 6]) await h.settle(item);
      expect(h.started).toEqual([0, 1, 2, 3, 1, 4, 5, 6, 7]);
      await h.settle(7);
      await done;
    } finally {
      Date.now = realNow;
    }
  });

  it('backs off from 2 s, doubling, to at most 60 s when the service does not say how long', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(backoffSeconds)).toEqual([2, 4, 8, 16, 32, 60, 60]);
  });

  it('stops starting parts after a failure that is not a rate limit, and throws it once those in flight end', async () => {
    const h = harness();
    const done = scheduleParts([0, 1, 2, 3], { max: 2, signal: new AbortController().signal, work: h.work, onWait: () => undefined });
    await ticks();
    const broken = new Error('broken');
    await h.settle(0, broken);
    expect(h.started).toEqual([0, 1]);
    await h.settle(1);
    await expect(done).rejects.toBe(broken);
    expect(h.started).toEqual([0, 1]);
  });

  it('backs off when the service says to wait 0 s (or a date already past), instead of resending at once', async () => {
    vi.useFakeTimers();
    try {
      const h = harness();
      const done = scheduleParts([0], { max: 1, signal: new AbortController().signal, work: h.work, onWait: () => undefined });
      await ticks();
      await h.settle(0, new RateLimited(0));
      await vi.advanceTimersByTimeAsync(1_900);
      expect(h.started).toEqual([0]);
      await vi.advanceTimersByTimeAsync(200);
      expect(h.started).toEqual([0, 0]);
      await h.settle(0);
      await done;
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up with the answer when the service refuses too many times in a row or asks for more than an hour', async () => {
    vi.useFakeTimers();
    try {
      let sent = 0;
      const always = scheduleParts([0], {
        max: 2,
        signal: new AbortController().signal,
        work: async () => {
          sent++;
          throw new RateLimited(null, 'out of quota');
        },
        onWait: () => undefined,
      });
      const failed = expect(always).rejects.toMatchObject({ failure: 'out of quota' });
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      await failed;
      expect(sent).toBe(MAX_LIMITED_IN_A_ROW + 1);

      const h = harness();
      const long = scheduleParts([0], { max: 1, signal: new AbortController().signal, work: h.work, onWait: () => undefined });
      await ticks();
      await h.settle(0, new RateLimited(30 * 24 * 3600, 'come back next month'));
      await expect(long).rejects.toMatchObject({ failure: 'come back next month' });
      expect(h.started).toEqual([0]);
    } finally {
      vi.useRealTimers();
    }
  });
});
