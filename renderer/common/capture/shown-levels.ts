/** Blocks (100 ms each) whose peak makes one shown level: 300 ms, a VU meter's own integration time. */
export const BLOCKS_PER_LEVEL = 3;
/** Levels are shown in steps of 5 %: finer than a meter's bar is read, coarse enough that a steady sound repaints nothing. */
const LEVEL_STEPS = 20;

/**
 * Turns each block's peaks into the levels a meter shows. Every BLOCKS_PER_LEVEL blocks `onTick`
 * hears the new levels, or null when no shown value changed: every change is a frame the page
 * paints (style, paint, composite), and at ten blocks a second the recorder's meters alone cost
 * about 3 % of a core in the browser harness, more than the capture itself (a React render of the
 * meters is a small part of it). A steady track (a listener's quiet microphone) repaints nothing;
 * the tick is where the recorder also shows its clock, so both repaint in one frame.
 */
export function createShownLevels(onTick: (levels: number[] | null) => void) {
  let peaks: number[] = [];
  let blocks = 0;
  let shown: number[] = [];
  return {
    push(blockPeaks: number[]) {
      peaks = blockPeaks.map((peak, index) => Math.max(peak, peaks[index] ?? 0));
      if (++blocks < BLOCKS_PER_LEVEL) return;
      const levels = peaks.map((peak) => Math.round(Math.min(1, peak) * LEVEL_STEPS) / LEVEL_STEPS);
      peaks = [];
      blocks = 0;
      if (levels.length === shown.length && levels.every((level, index) => level === shown[index])) return onTick(null);
      shown = levels;
      onTick(levels);
    },
  };
}
