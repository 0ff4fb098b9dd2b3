import path from 'node:path';
import { type BrowserWindow, screen } from 'electron';
import contextMenu from 'electron-context-menu';
import type { MainWords } from '../../core/services/language/language-service';
import { createAtomicWriter, readJsonFile } from '../../core/services/storage/json-file';
import { type Restored, restoreWindow, windowStateSchema } from './window-state';

const DEFAULT_SIZE = { width: 1200, height: 800 };
const stateFile = (userDataDir: string) => path.join(userDataDir, 'window-state.json');

/** Where the window opens: last time's place when its screen is still there (window-state.ts). */
export async function windowPlacement(userDataDir: string): Promise<Restored> {
  const saved = await readJsonFile(stateFile(userDataDir), windowStateSchema);
  const displays = screen.getAllDisplays().map(({ id, workArea }) => ({ id, workArea }));
  const { id, workArea } = screen.getPrimaryDisplay();
  return restoreWindow(saved, displays, { id, workArea }, DEFAULT_SIZE);
}

/**
 * Remembers the window's normal bounds, maximised state and screen as it moves and closes,
 * and gives its text fields the native context menu: Cut/Copy/Paste/Select All and the
 * spell checker's suggestions (electron-context-menu; the window has spellcheck on), in the UI
 * language.
 */
export function trackWindow(window: BrowserWindow, userDataDir: string, development: boolean, t: MainWords): void {
  const write = createAtomicWriter(stateFile(userDataDir));
  let timer: NodeJS.Timeout | undefined;
  const save = () => {
    clearTimeout(timer);
    if (window.isDestroyed() || window.isMinimized()) return;
    const bounds = window.getNormalBounds();
    const state = { ...bounds, maximized: window.isMaximized(), displayId: screen.getDisplayMatching(bounds).id };
    void write(JSON.stringify(state)).catch(() => undefined);
  };
  // Moves and resizes come in bursts; one write after the burst is enough.
  const soon = () => {
    clearTimeout(timer);
    timer = setTimeout(save, 500);
  };
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) window.on(event as 'resize', soon);
  window.on('close', save);

  contextMenu({
    window,
    showLookUpSelection: true,
    showSearchWithGoogle: false,
    showCopyImage: false,
    showSaveImageAs: false,
    showCopyLink: true,
    showSelectAll: true,
    showInspectElement: development,
    // Read each time the menu opens (getters), so it follows a language switch; English otherwise.
    labels: {
      get learnSpelling() { return t('context.learnSpelling'); },
      get lookUpSelection() { return t('context.lookUp'); },
      get dictionarySuggestions() { return t('context.noGuesses'); },
      get cut() { return t('menu.cut'); },
      get copy() { return t('menu.copy'); },
      get paste() { return t('menu.paste'); },
      get selectAll() { return t('menu.selectAll'); },
      get copyLink() { return t('context.copyLink'); },
      get inspect() { return t('context.inspect'); },
    },
  });
}
