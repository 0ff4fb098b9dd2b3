import { z } from 'zod';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What is remembered of the window: its normal (un-maximised) bounds, whether it was maximised, its screen. */
export const windowStateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean(),
  displayId: z.number().nullable(),
});
export type WindowState = z.infer<typeof windowStateSchema>;

export interface DisplayArea {
  id: number;
  workArea: Rect;
}

export interface Restored {
  /** No x/y: let the OS place (centre) it. */
  bounds: Partial<Pick<Rect, 'x' | 'y'>> & Pick<Rect, 'width' | 'height'>;
  maximized: boolean;
}

/** How much of the title bar must be on a screen for the window to count as on it: enough to grab. */
const GRIP = { width: 120, height: 32 };

const overlap = (a: Rect, b: Rect) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

/** True when a grabbable part of the window's top edge lies inside the work area. */
function titleBarOn(bounds: Rect, area: Rect): boolean {
  const bar = { x: bounds.x, y: bounds.y, width: bounds.width, height: GRIP.height };
  return overlap(bar, area) >= GRIP.width * GRIP.height;
}

/**
 * Where the window opens. The saved bounds are used when their title bar is on a screen that
 * still exists (so it can be moved); otherwise — the monitor was unplugged, the resolution
 * shrank — it opens centred on the primary screen at the saved size, made to fit. Always no
 * larger than the screen it opens on. Maximised is kept either way.
 */
export function restoreWindow(saved: WindowState | null, displays: readonly DisplayArea[], primary: DisplayArea, defaults: { width: number; height: number }): Restored {
  if (!saved) return { bounds: fit(defaults, primary.workArea), maximized: false };
  const home = displays.find((display) => titleBarOn(saved, display.workArea));
  if (!home) return { bounds: fit(saved, primary.workArea), maximized: saved.maximized };
  const size = fit(saved, home.workArea);
  const area = home.workArea;
  // Pulled fully inside its screen: a window hanging off the edge opens where it can be seen.
  const x = Math.min(Math.max(saved.x, area.x), area.x + area.width - size.width);
  const y = Math.min(Math.max(saved.y, area.y), area.y + area.height - size.height);
  return { bounds: { x, y, ...size }, maximized: saved.maximized };
}

const fit = (size: { width: number; height: number }, area: Rect) => ({ width: Math.min(size.width, area.width), height: Math.min(size.height, area.height) });
