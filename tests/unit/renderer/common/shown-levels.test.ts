import { describe, expect, it } from 'vitest';
import { createShownLevels } from '../../../../renderer/common/capture/shown-levels';

// The meters' levels: the worklet's peak of each 300 ms per track, in 5 % steps, handed on only
// when a shown value changes (null on a tick where none did), since each change is a frame the page paints.

function levels() {
  const shown: Array<number[] | null> = [];
  const sampler = createShownLevels((changed) => shown.push(changed));
  const ticks = (...peaks: number[][]) => peaks.forEach((tick) => sampler.push(tick));
  return { shown, ticks };
}

describe('shown levels', () => {
  it('shows each tick’s peaks per track, rounded to 5 % steps', () => {
    const { shown, ticks } = levels();
    ticks([0.53, 0.04]);
    expect(shown).toEqual([[0.55, 0.05]]);
    ticks([1.4, 0.31]);
    expect(shown).toEqual([
      [0.55, 0.05],
      [1, 0.3],
    ]);
  });

  it('hands on null while the shown levels stay the same: a steady track repaints nothing', () => {
    const { shown, ticks } = levels();
    for (let i = 0; i < 3; i++) ticks([0.4 + (i % 2) * 0.01, 0]);
    expect(shown).toEqual([[0.4, 0], null, null]);
    ticks([0.1, 0]);
    expect(shown).toEqual([[0.4, 0], null, null, [0.1, 0]]);
  });
});
