import { describe, expect, it } from 'vitest';
import { type Stretch, StretchCutter, pauseHintOf } from '../../../../electron/core/services/live-captions/stretch-cutter';
import { PauseWatch } from '../../../../renderer/common/capture/pause-watch';
import { track } from '../../../support/speech-pcm';

const RATE = 16_000;

// Main's pause hint and the page's watch of it, together: the page hands a block over early where
// the hint says, main answers each chunk with its cutter's hint, and a stretch that ends at a pause
// is cut from the very chunk the pause sent, wherever the page's windows fall against main's.

interface Cut {
  stretch: Stretch;
  /** The recording's frame the chunk that ended it reached, and whether the page sent it early. */
  chunkEnd: number;
  early: boolean;
}

/** Records `samples` from the recording's frame `offset` as the page would: second blocks, or less at a pause main's hint names. */
function record(samples: Int16Array, offset: number) {
  const cutter = new StretchCutter();
  let watch: PauseWatch | null = null;
  let from = 0;
  const cuts: Cut[] = [];
  /** Sends frames [from, to) as a chunk; answers main's hint, as its answer carries it. */
  const send = (to: number, early: boolean) => {
    for (const stretch of cutter.push(samples.slice(from, to), offset + from)) cuts.push({ stretch, chunkEnd: offset + to, early });
    from = to;
    return pauseHintOf([cutter]);
  };
  for (let frame = 0; frame < samples.length; frame++) {
    watch?.add(0, samples[frame]! / 32768);
    const pause = watch?.endFrame() ?? false;
    const hint = frame + 1 - from === RATE ? send(frame + 1, false) : pause ? send(frame + 1, true) : undefined;
    // The page's worklet keeps what it heard when the hint changes.
    if (hint && watch) watch.use(hint, RATE);
    else if (hint) watch = new PauseWatch(hint, RATE);
  }
  return cuts;
}

describe('the pause hint', () => {
  it('is enough for main to cut a stretch from the chunk its pause sent, 0.25–0.3 s after the stretch’s end', () => {
    const samples = track({ quiet: 2.3 }, { speech: 2.6 }, { quiet: 1.1 }, { speech: 3.35 }, { quiet: 0.9 }, { speech: 1.7 }, { quiet: 2 });
    for (const offset of [0, 123, 517, 799]) {
      const cuts = record(samples, offset);
      expect(cuts).toHaveLength(3);
      for (const { stretch, chunkEnd, early } of cuts) {
        expect(early).toBe(true);
        // Main cuts once 0.25 s past the stretch's end is in; the page's windows may lag main's by one (50 ms).
        expect((chunkEnd - stretch.endFrame) / RATE).toBeGreaterThanOrEqual(0.25);
        expect((chunkEnd - stretch.endFrame) / RATE).toBeLessThanOrEqual(0.3 + 1e-9);
      }
    }
  });

  it('is none before the cutter has heard a window', () => {
    expect(pauseHintOf([new StretchCutter()])).toBeNull();
    expect(pauseHintOf([])).toBeNull();
  });
});
