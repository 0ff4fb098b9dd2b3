import { afterEach, describe, expect, it, vi } from 'vitest';
import { announce, lastAnnouncement, progressMilestone } from '../../../../renderer/common/announcer';

// The live region speaks milestones, never a flood.
describe('progressMilestone', () => {
  it('names the quarter a step crossed, once', () => {
    expect(progressMilestone(0, 0.1)).toBeNull();
    expect(progressMilestone(0.2, 0.26)).toBe(25);
    expect(progressMilestone(0.26, 0.3)).toBeNull();
    expect(progressMilestone(0.3, 0.8)).toBe(75);
    // The end is said by the job's own "done", not as 100 %.
    expect(progressMilestone(0.8, 1)).toBeNull();
  });
});

describe('announce', () => {
  afterEach(() => vi.useRealTimers());

  it('drops a job’s progress within 10 s of its last words, but never its end', async () => {
    vi.useFakeTimers();
    const said: string[] = [];
    const say = (message: string, options?: Parameters<typeof announce>[1]) => {
      announce(message, options);
      if (lastAnnouncement() === message) said.push(message);
    };
    say('a: 25 % uploaded.', { key: 'a' });
    say('a: 50 % uploaded.', { key: 'a' });
    say('b: 25 % uploaded.', { key: 'b' });
    say('a is transcribed.', { key: 'a', final: true });
    vi.advanceTimersByTime(11_000);
    say('b: 50 % uploaded.', { key: 'b' });
    expect(said).toEqual(['a: 25 % uploaded.', 'b: 25 % uploaded.', 'a is transcribed.', 'b: 50 % uploaded.']);
  });
});
