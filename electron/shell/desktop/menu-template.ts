import type { MenuItemConstructorOptions } from 'electron';
import { type Intent, accelerator } from '../../../shared/domain/shortcuts';
import type { MainWords } from '../../core/services/language/language-service';

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

const COMMAND_LABELS = {
  newChat: 'menu.command.newChat',
  openRecording: 'menu.command.openRecording',
  export: 'menu.command.export',
  settings: 'menu.command.settings',
  find: 'menu.command.find',
  toggleTheme: 'menu.command.toggleTheme',
  switchProfile: 'menu.command.switchProfile',
} as const satisfies Record<Intent, string>;

/**
 * macOS menus have no access keys: "&File" is shown as "File", and the "(&F)" that Chinese,
 * Japanese and Korean add after the word goes entirely.
 */
const withoutAccessKey = (label: string) => label.replace(/\s*\(&.\)/, '').replace('&', '');

/**
 * The application menu, per platform convention: on macOS an app menu (About, Settings…,
 * Services, Hide, Quit) and the Window menu's standard items; elsewhere Settings and Exit in
 * File and About in Help. Pure, so each platform's menu is tested without Electron.
 */
export function menuTemplate(options: MenuOptions, actions: MenuActions, t: MainWords): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const appName = options.appName;
  const top = (label: string) => (mac ? withoutAccessKey(label) : label);
  // A command of the shared table: its chord is shown in the menu and is the same as the page's.
  const command = (intent: Intent, click: () => void): MenuItemConstructorOptions => ({ id: intent, label: t(COMMAND_LABELS[intent]), accelerator: accelerator(intent), click });
  const send = (intent: Intent) => command(intent, () => actions.send(intent));
  // Electron labels roles in English on Windows and Linux, so each role gets its words here.
  const about: MenuItemConstructorOptions = { id: 'about', role: 'about', label: t('menu.about', { appName }) };
  const updates: MenuItemConstructorOptions = { id: 'checkForUpdates', label: t('menu.checkForUpdates'), click: actions.checkForUpdates };
  const closeWindow: MenuItemConstructorOptions = { role: 'close', label: t('menu.closeWindow') };

  const appMenu: MenuItemConstructorOptions = {
    label: appName,
    submenu: [
      about,
      updates,
      sep,
      send('settings'),
      sep,
      { role: 'services', label: t('menu.services') },
      sep,
      { role: 'hide', label: t('menu.hide', { appName }) },
      { role: 'hideOthers', label: t('menu.hideOthers') },
      { role: 'unhide', label: t('menu.showAll') },
      sep,
      { id: 'quit', role: 'quit', label: t('menu.quit', { appName }) },
    ],
  };
  const file: MenuItemConstructorOptions = {
    label: top(t('menu.file')),
    submenu: [
      send('newChat'),
      command('openRecording', actions.openRecording),
      send('export'),
      sep,
      ...(mac ? [closeWindow] : [send('settings'), sep, { id: 'quit', role: 'quit', label: t('menu.exit') } as const]),
    ],
  };
  const edit: MenuItemConstructorOptions = {
    label: top(t('menu.edit')),
    submenu: [
      { role: 'undo', label: t('menu.undo') },
      { role: 'redo', label: t('menu.redo') },
      sep,
      { role: 'cut', label: t('menu.cut') },
      { role: 'copy', label: t('menu.copy') },
      { role: 'paste', label: t('menu.paste') },
      { role: 'delete', label: t('menu.delete') },
      { role: 'selectAll', label: t('menu.selectAll') },
      sep,
      send('find'),
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: top(t('menu.view')),
    submenu: [
      send('toggleTheme'),
      send('switchProfile'),
      sep,
      { role: 'resetZoom', label: t('menu.actualSize') },
      { role: 'zoomIn', label: t('menu.zoomIn') },
      { role: 'zoomOut', label: t('menu.zoomOut') },
      sep,
      { role: 'togglefullscreen', label: t('menu.fullScreen') },
      ...(options.development ? [sep, { role: 'reload', label: t('menu.reload') } as const, { role: 'toggleDevTools', label: t('menu.developerTools') } as const] : []),
    ],
  };
  const minimize: MenuItemConstructorOptions = { role: 'minimize', label: t('menu.minimize') };
  const windowMenu: MenuItemConstructorOptions = {
    label: top(t('menu.window')),
    role: 'windowMenu',
    submenu: mac ? [minimize, { role: 'zoom', label: t('menu.zoom') }, sep, { role: 'front', label: t('menu.bringAllToFront') }] : [minimize, closeWindow],
  };
  const help: MenuItemConstructorOptions = {
    label: top(t('menu.help')),
    role: 'help',
    submenu: [
      { id: 'showLogs', label: t('menu.showLogs'), click: actions.showLogs },
      { id: 'reportProblem', label: t('menu.reportProblem'), click: actions.reportProblem },
      ...(mac ? [] : [sep, updates, about]),
    ],
  };
  return mac ? [appMenu, file, edit, view, windowMenu, help] : [file, edit, view, windowMenu, help];
}
