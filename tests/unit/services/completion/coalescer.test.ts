import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTextCoalescer as createCoalescer } from '../../../../electron/core/services/completion/coalescer';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('delta coalescer', () => {
  it('sends the first fragment at once, then at most one batch per interval, in order', () => {
    const sent: string[] = [];
    const coalescer = createCoalescer((text) => sent.push(text), 16);
    coalescer.push('a');
    expect(sent).toEqual(['a']);
    coalescer.push('b');
    coalescer.push('');
    coalescer.push('c');
    expect(sent).toEqual(['a']);
    vi.advanceTimersByTime(16);
    expect(sent).toEqual(['a', 'bc']);
    coalescer.push('d');
    vi.advanceTimersByTime(5);
    coalescer.flush();
    expect(sent).toEqual(['a', 'bc', 'd']);
    vi.advanceTimersByTime(100);
    expect(sent).toEqual(['a', 'bc', 'd']);
  });
});
