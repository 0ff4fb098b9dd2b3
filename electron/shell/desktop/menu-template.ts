import type { MenuItemConstructorOptions } from 'electron';
import { type Intent, SHORTCUT_TABLE, accelerator } from '../../../shared/domain/shortcuts';

export interface MenuActions {
  /** Sends the intent to the page, which runs it as it runs the same chord (renderer/common/intents.ts). */
  send(intent: Intent): void;
  /** Main's own open dialog; the chosen recordings go to the page already staged. */
  openRecording(): void;
  showLogs(): void;
  reportProblem(): void;
  checkForUpdates(): void;
}

export interface MenuOptions {
  platform: NodeJS.Platform;
  appName: string;
  /** Reload and developer tools only in a development build. */
  development: boolean;
}

const sep: MenuItemConstructorOptions = { type: 'separator' };

/** A command of the shared table: its label and its chord, shown in the menu and the same as the page's. */
const command = (intent: Intent, click: () => void): MenuItemConstructorOptions => ({
  id: intent,
  label: SHORTCUT_TABLE[intent].label,
  accelerator: accelerator(intent),
  click,
});

/**
 * The application menu, per platform convention: on macOS an app menu (About, Settings…,
 * Services, Hide, Quit) and the Window menu's standard items; elsewhere Settings and Exit in
 * File and About in Help. Pure, so each platform's menu is tested without Electron.
 */
export function menuTemplate(options: MenuOptions, actions: MenuActions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const send = (intent: Intent) => command(intent, () => actions.send(intent));
  const about: MenuItemConstructorOptions = { id: 'about', role: 'about', label: `About ${options.appName}` };
  const updates: MenuItemConstructorOptions = { id: 'checkForUpdates', label: 'Check for Updates…', click: actions.checkForUpdates };

  const appMenu: MenuItemConstructorOptions = {
    label: options.appName,
    submenu: [about, updates, sep, send('settings'), sep, { role: 'services' }, sep, { role: 'hide' }, { role: 'hideOthers' }, { role: 'unhide' }, sep, { id: 'quit', role: 'quit' }],
  };
  const file: MenuItemConstructorOptions = {
    label: mac ? 'File' : '&File',
    submenu: [
      send('newChat'),
      command('openRecording', actions.openRecording),
      send('export'),
      sep,
      ...(mac ? [{ role: 'close' } as const] : [send('settings'), sep, { id: 'quit', role: 'quit', label: 'Exit' } as const]),
    ],
  };
  const edit: MenuItemConstructorOptions = {
    label: mac ? 'Edit' : '&Edit',
    submenu: [{ role: 'undo' }, { role: 'redo' }, sep, { role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { role: 'delete' }, { role: 'selectAll' }, sep, send('find')],
  };
  const view: MenuItemConstructorOptions = {
    label: mac ? 'View' : '&View',
    submenu: [
      send('toggleTheme'),
      send('switchProfile'),
      sep,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      sep,
      { role: 'togglefullscreen' },
      ...(options.development ? [sep, { role: 'reload' } as const, { role: 'toggleDevTools' } as const] : []),
    ],
  };
  const windowMenu: MenuItemConstructorOptions = {
    label: mac ? 'Window' : '&Window',
    role: 'windowMenu',
    submenu: mac ? [{ role: 'minimize' }, { role: 'zoom' }, sep, { role: 'front' }] : [{ role: 'minimize' }, { role: 'close' }],
  };
  const help: MenuItemConstructorOptions = {
    label: mac ? 'Help' : '&Help',
    role: 'help',
    submenu: [
      { id: 'showLogs', label: 'Show Logs', click: actions.showLogs },
      { id: 'reportProblem', label: 'Report a Problem…', click: actions.reportProblem },
      ...(mac ? [] : [sep, updates, about]),
    ],
  };
  return mac ? [appMenu, file, edit, view, windowMenu, help] : [file, edit, view, windowMenu, help];
}
