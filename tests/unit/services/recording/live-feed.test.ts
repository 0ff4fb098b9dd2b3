import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Recording } from '../../../../shared/contract/recording';
import { FEED_END_MS, type LiveFeed, feedsOf } from '../../../../electron/core/services/recording/live-feed';

const recording = { id: 'r1' } as Recording;

describe('the live feeds of a recording', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps the recording going when a feed fails to open or to hear, and tells the others', () => {
    const heard: number[] = [];
    const warnings: unknown[] = [];
    const feed = feedsOf(
      [
        () => {
          throw new Error('cannot open');
        },
        () => ({ heard: () => { throw new Error('cannot hear'); }, ended: () => undefined }),
        () => ({ heard: (_tracks, at) => void heard.push(at), ended: () => undefined }),
      ],
      recording,
      '/nowhere',
      (error) => warnings.push(error),
    );
    feed.heard([Buffer.alloc(2)], 0);
    feed.heard([Buffer.alloc(2)], 1);
    expect(heard).toEqual([0, 1]);
    expect(warnings.map((w) => (w as Error).message)).toEqual(['cannot open', 'cannot hear', 'cannot hear']);
  });

  it('tells the end once, and Stop waits for a feed that hangs no longer than the bound', async () => {
    vi.useFakeTimers();
    const ends: string[] = [];
    const hanging: LiveFeed = { heard: () => undefined, ended: () => new Promise<void>(() => undefined) };
    const quick: LiveFeed = { heard: () => undefined, ended: (r) => void ends.push(r.id) };
    const warnings: unknown[] = [];
    const feed = feedsOf([() => hanging, () => quick], recording, '/nowhere', (error) => warnings.push(error));
    let done = false;
    const first = Promise.resolve(feed.ended(recording)).then(() => (done = true));
    const second = feed.ended(recording);
    await vi.advanceTimersByTimeAsync(FEED_END_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await Promise.all([first, second]);
    expect(done).toBe(true);
    expect(ends).toEqual(['r1']);
    expect(warnings).toHaveLength(1);
  });
});
