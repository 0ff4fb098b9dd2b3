import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** The sidebar's widths a drag or the arrow keys may set (px), and the step of one key press. */
export const SIDEBAR_WIDTH = { min: 200, max: 440, step: 16 } as const;

interface SidebarPrefs {
  /** Folded to a column of icons: the user's choice, kept at every width. */
  collapsed: boolean;
  /** The width the user dragged it to on a wide window; null keeps the breakpoint's own. */
  width: number | null;
  toggle(): void;
  setWidth(width: number | null): void;
}

const clamp = (width: number) => Math.round(Math.min(SIDEBAR_WIDTH.max, Math.max(SIDEBAR_WIDTH.min, width)));

/** The page's own layout choices (no domain in them), kept in localStorage by zustand's persist. */
export const useSidebarPrefs = create<SidebarPrefs>()(
  persist(
    (set) => ({
      collapsed: false,
      width: null,
      toggle: () => set((s) => ({ collapsed: !s.collapsed })),
      setWidth: (width) => set({ width: width === null ? null : clamp(width) }),
    }),
    { name: 'confab.sidebar', partialize: ({ collapsed, width }) => ({ collapsed, width }) },
  ),
);
