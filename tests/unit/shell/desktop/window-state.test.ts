import { describe, expect, it } from 'vitest';
import { restoreWindow, type WindowState } from '../../../../electron/shell/desktop/window-state';

const laptop = { id: 1, workArea: { x: 0, y: 0, width: 1440, height: 875 } };
const monitor = { id: 2, workArea: { x: 1440, y: -200, width: 2560, height: 1415 } };
const defaults = { width: 1200, height: 800 };
const state = (patch: Partial<WindowState>): WindowState => ({ x: 100, y: 80, width: 1000, height: 700, maximized: false, displayId: 1, ...patch });

describe('window state restore', () => {
  it('opens at the default size, placed by the OS, the first time', () => {
    expect(restoreWindow(null, [laptop], laptop, defaults)).toEqual({ bounds: { width: 1200, height: 800 }, maximized: false });
  });

  it('restores size, position and maximised on a screen that is still there', () => {
    const saved = state({ x: 1600, y: 0, width: 1800, height: 1100, maximized: true, displayId: 2 });
    expect(restoreWindow(saved, [laptop, monitor], laptop, defaults)).toEqual({ bounds: { x: 1600, y: 0, width: 1800, height: 1100 }, maximized: true });
  });

  it('opens centred on the primary screen, made to fit, when its monitor is gone', () => {
    const saved = state({ x: 1600, y: 0, width: 1800, height: 1100, maximized: true, displayId: 2 });
    expect(restoreWindow(saved, [laptop], laptop, defaults)).toEqual({ bounds: { width: 1440, height: 875 }, maximized: true });
  });

  it('does not trust a window whose title bar would be off every screen', () => {
    // Only a sliver of the top edge on the laptop: not enough to grab.
    const saved = state({ x: 1400, y: 10, width: 800, height: 600 });
    expect(restoreWindow(saved, [laptop], laptop, defaults).bounds).toEqual({ width: 800, height: 600 });
    // Above the top of the screen: the title bar cannot be reached.
    expect(restoreWindow(state({ y: -500 }), [laptop], laptop, defaults).bounds).not.toHaveProperty('x');
  });

  it('pulls a window partly off its screen back inside it, and shrinks it to a smaller screen', () => {
    expect(restoreWindow(state({ x: 900, y: 300, width: 1000, height: 700 }), [laptop], laptop, defaults).bounds).toEqual({ x: 440, y: 175, width: 1000, height: 700 });
    expect(restoreWindow(state({ x: 0, y: 0, width: 3000, height: 2000 }), [laptop], laptop, defaults).bounds).toEqual({ x: 0, y: 0, width: 1440, height: 875 });
  });
});
