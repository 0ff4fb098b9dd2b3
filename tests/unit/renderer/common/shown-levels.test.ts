import { describe, expect, it } from 'vitest';
import { BLOCKS_PER_LEVEL, createShownLevels } from '../../../../renderer/common/capture/shown-levels';

// The meters' levels: one per 300 ms of blocks (their peak), in 5 % steps, handed on only when a
// shown value changes (null on a tick where none did), since each change is a frame the page paints.

function levels() {
  const shown: Array<number[] | null> = [];
  const sampler = createShownLevels((changed) => shown.push(changed));
  const blocks = (...peaks: number[][]) => peaks.forEach((block) => sampler.push(block));
  return { shown, blocks };
}

describe('shown levels', () => {
  it('shows the loudest of each 300 ms of blocks, per track, rounded to 5 % steps', () => {
    expect(BLOCKS_PER_LEVEL).toBe(3);
    const { shown, blocks } = levels();
    blocks([0.1, 0.02], [0.53, 0.01], [0.2, 0.04]);
    expect(shown).toEqual([[0.55, 0.05]]);
    blocks([0.9, 0], [0.3, 0]);
    expect(shown).toHaveLength(1);
    blocks([1.4, 0.31]);
    expect(shown).toEqual([
      [0.55, 0.05],
      [1, 0.3],
    ]);
  });

  it('hands on null while the shown levels stay the same: a steady track repaints nothing', () => {
    const { shown, blocks } = levels();
    for (let i = 0; i < 9; i++) blocks([0.4 + (i % 2) * 0.01, 0]);
    expect(shown).toEqual([[0.4, 0], null, null]);
    blocks([0.1, 0], [0.1, 0], [0.1, 0]);
    expect(shown).toEqual([[0.4, 0], null, null, [0.1, 0]]);
  });
});
