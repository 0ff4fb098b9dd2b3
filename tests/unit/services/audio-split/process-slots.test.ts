import { describe, expect, it } from 'vitest';
import { processSlots } from '../../../../electron/core/services/audio-split/process-slots';

// The splitter's two process slots, shared by reading a recording and making its parts.

/** Work the test ends by hand, noting when it started. */
function works() {
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const work = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      finish.set(name, () => resolve(name));
    });
  return { started, finish: (name: string) => finish.get(name)!(), work };
}

/** Until what a finished work let go has moved on: its slot is handed on after one turn of the event loop. */
const settled = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('the splitter\'s process slots', () => {
  it('runs two at once; a freed slot goes to the lowest rank waiting, and among equals to the first to ask', async () => {
    const slots = processSlots(2);
    const w = works();
    const signal = new AbortController().signal;
    const all = [
      slots.use(Infinity, signal, w.work('stretch 1')),
      slots.use(Infinity, signal, w.work('stretch 2')),
      slots.use(Infinity, signal, w.work('stretch 3')),
      slots.use(Infinity, signal, w.work('stretch 4')),
    ];
    await settled();
    expect(w.started).toEqual(['stretch 1', 'stretch 2']);
    w.finish('stretch 1');
    // Asked for as the stretch ended (its cut decided): the part goes before the stretches waiting.
    all.push(slots.use(3, signal, w.work('part 4')), slots.use(0, signal, w.work('part 1')));
    await settled();
    expect(w.started).toEqual(['stretch 1', 'stretch 2', 'part 1']);
    w.finish('part 1');
    await settled();
    expect(w.started.at(-1)).toBe('part 4');
    w.finish('stretch 2');
    await settled();
    expect(w.started.at(-1)).toBe('stretch 3');
    w.finish('part 4');
    w.finish('stretch 3');
    await settled();
    w.finish('stretch 4');
    expect(await Promise.all(all)).toEqual(['stretch 1', 'stretch 2', 'stretch 3', 'stretch 4', 'part 4', 'part 1']);
  });

  it('gives up a place in the line when its request is cancelled, and the next one takes the slot', async () => {
    const slots = processSlots(1);
    const w = works();
    const running = slots.use(0, new AbortController().signal, w.work('part 1'));
    const cancelled = new AbortController();
    const gone = slots.use(1, cancelled.signal, w.work('part 2'));
    const next = slots.use(2, new AbortController().signal, w.work('part 3'));
    cancelled.abort(new Error('cancelled'));
    await expect(gone).rejects.toThrow('cancelled');
    w.finish('part 1');
    await running;
    await settled();
    expect(w.started).toEqual(['part 1', 'part 3']);
    w.finish('part 3');
    await next;
  });

  it('keeps a freed slot for the lowest rank even when a higher one asks in the same turn as the slot frees', async () => {
    const slots = processSlots(1);
    const w = works();
    const signal = new AbortController().signal;
    const all = [slots.use(Infinity, signal, w.work('stretch 1'))];
    await settled();
    w.finish('stretch 1');
    // The next stretch asks as soon as the last one's end is known; the part a few callbacks later, both in the same turn.
    const callbacks = async (count: number) => {
      for (let i = 0; i < count; i++) await Promise.resolve();
    };
    await callbacks(10);
    all.push(slots.use(Infinity, signal, w.work('stretch 2')));
    await callbacks(10);
    all.push(slots.use(0, signal, w.work('part 1')));
    await settled();
    expect(w.started).toEqual(['stretch 1', 'part 1']);
    w.finish('part 1');
    await settled();
    w.finish('stretch 2');
    await Promise.all(all);
  });
});
