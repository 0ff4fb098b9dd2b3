import { create } from 'zustand';
import { announce } from '../common/announcer';
import { i18n } from '../i18n';
import { useEditor } from './store';

/**
 * Rows chosen for one speaker (Shift+Alt+↑/↓ from the row being edited): from `anchor` to the
 * active row. Row numbers hold for the version they were chosen on; any change since (typing,
 * another window) lets the choice go rather than name other rows.
 */
export const useSelection = create<{ anchor: number | null; version: number }>(() => ({ anchor: null, version: -1 }));

const current = () => {
  const { anchor, version } = useSelection.getState();
  return anchor !== null && version === useEditor.getState().version ? anchor : null;
};

/** The rows a speaker is given from `index` (the active row): the selection through it, or the row alone. */
export function chosenRows(index: number): { from: number; to: number } {
  const anchor = current();
  return anchor === null ? { from: index, to: index } : { from: Math.min(anchor, index), to: Math.max(anchor, index) };
}

/** The selection grows (or shrinks) to row `next`, which becomes the active row; screen readers hear which rows. */
export function selectTo(index: number, next: number) {
  useSelection.setState({ anchor: current() ?? index, version: useEditor.getState().version });
  const { from, to } = chosenRows(next);
  announce(i18n.t('editor:speakers.selected', { from: from + 1, to: to + 1 }));
}

export const clearSelection = () => useSelection.setState({ anchor: null, version: -1 });

/**
 * Whether row `index` is among the chosen rows (from the anchor to the active row). A boolean
 * from each store, so a row renders again only when its own answer flips.
 */
export function useSelected(index: number): boolean {
  const anchor = useSelection((view) => view.anchor);
  const chosenOn = useSelection((view) => view.version);
  return useEditor(
    (view) => anchor !== null && chosenOn === view.version && view.active !== null && view.active !== anchor && index >= Math.min(anchor, view.active) && index <= Math.max(anchor, view.active),
  );
}
