/** Levels are shown in steps of 5 %: finer than a meter's bar is read, coarse enough that a steady sound repaints nothing. */
const LEVEL_STEPS = 20;

/**
 * Turns the worklet's peaks (one per track every 300 ms, a VU meter's own integration time) into
 * the levels a meter shows. Each push is a tick: `onTick` hears the new levels, or null when no
 * shown value changed: every change is a frame the page paints (style, paint, composite), and at
 * ten a second the recorder's meters alone cost about 3 % of a core in the browser harness, more
 * than the capture itself (a React render of the meters is a small part of it). A steady track (a
 * listener's quiet microphone) repaints nothing; the tick is where the recorder also shows its
 * clock, so both repaint in one frame.
 */
export function createShownLevels(onTick: (levels: number[] | null) => void) {
  let shown: number[] = [];
  return {
    push(peaks: number[]) {
      const levels = peaks.map((peak) => Math.round(Math.min(1, peak) * LEVEL_STEPS) / LEVEL_STEPS);
      if (levels.length === shown.length && levels.every((level, index) => level === shown[index])) return onTick(null);
      shown = levels;
      onTick(levels);
    },
  };
}
