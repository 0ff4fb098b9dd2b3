import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { menuTemplate } from '../../../../electron/shell/desktop/menu-template';
import { wordsIn } from '../../../../electron/core/services/language/language-service';
import { INTENTS, intentForKey } from '../../../../shared/domain/shortcuts';

const english = wordsIn('en');
const actions = () => ({ send: vi.fn(), openRecording: vi.fn(), showLogs: vi.fn(), reportProblem: vi.fn(), checkForUpdates: vi.fn() });

/** Every item of the template, submenus flattened, with the top-level menu it sits in. */
function items(template: MenuItemConstructorOptions[]) {
  return template.flatMap((menu) =>
    (menu.submenu as MenuItemConstructorOptions[]).map((item) => ({ menu: String(menu.label).replace('&', ''), ...item })),
  );
}
const byId = (template: MenuItemConstructorOptions[], id: string) => items(template).find((item) => item.id === id);

describe('application menu', () => {
  it('follows macOS: an app menu with About, Settings… and Quit, and the Window menu', () => {
    const template = menuTemplate({ platform: 'darwin', appName: 'Confab', development: false }, actions(), english);
    expect(template.map((menu) => menu.label)).toEqual(['Confab', 'File', 'Edit', 'View', 'Window', 'Help']);
    expect(byId(template, 'about')?.menu).toBe('Confab');
    expect(byId(template, 'settings')?.menu).toBe('Confab');
    expect(byId(template, 'quit')?.menu).toBe('Confab');
    expect(items(template).some((item) => item.role === 'front')).toBe(true);
    expect(items(template).some((item) => item.role === 'toggleDevTools')).toBe(false);
  });

  it.each(['win32', 'linux'] as const)('follows %s: Settings and Exit in File, About in Help, mnemonics', (platform) => {
    const template = menuTemplate({ platform, appName: 'Confab', development: false }, actions(), english);
    expect(template.map((menu) => menu.label)).toEqual(['&File', '&Edit', '&View', '&Window', '&Help']);
    expect(byId(template, 'settings')?.menu).toBe('File');
    expect(byId(template, 'quit')).toMatchObject({ menu: 'File', label: 'Exit' });
    expect(byId(template, 'about')?.menu).toBe('Help');
  });

  it('labels items in the UI language, roles included, and drops access keys on macOS', () => {
    const japanese = menuTemplate({ platform: 'darwin', appName: 'Confab', development: false }, actions(), wordsIn('ja'));
    expect(japanese.map((menu) => menu.label)).toEqual(['Confab', 'ファイル', '編集', '表示', 'ウインドウ', 'ヘルプ']);
    expect(byId(japanese, 'quit')?.label).toBe('Confab を終了');
    const german = menuTemplate({ platform: 'win32', appName: 'Confab', development: true }, actions(), wordsIn('de'));
    expect(german.map((menu) => menu.label)).toEqual(['&Datei', '&Bearbeiten', '&Ansicht', '&Fenster', '&Hilfe']);
    expect(items(german).find((item) => item.role === 'toggleDevTools')?.label).toBe('Entwicklerwerkzeuge ein/aus');
  });

  it.each(['darwin', 'win32', 'linux'] as const)('on %s, words every label from the catalogue (the pseudo-language shows a missed one)', (platform) => {
    const template = menuTemplate({ platform, appName: 'Confab', development: true }, actions(), wordsIn('en-XA'));
    // A role without a label would show Electron's English one.
    const labels = [...template, ...items(template).filter((item) => item.type !== 'separator')].map((item) => item.label ?? `(${item.role})`);
    expect(labels.filter((label) => label !== 'Confab' && !/^⟦.*⟧$/.test(label))).toEqual([]);
  });

  it('has every shared command once, with the chord the page uses itself', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const template = menuTemplate({ platform, appName: 'Confab', development: false }, actions(), english);
      for (const intent of INTENTS) {
        const found = items(template).filter((item) => item.id === intent);
        expect(found, `${platform}: ${intent}`).toHaveLength(1);
        // The accelerator, pressed in the page, is the same intent.
        const [, ...keys] = found[0].accelerator!.split('+');
        const key = keys.at(-1)!;
        const press = { key: key.toLowerCase(), metaKey: platform === 'darwin', ctrlKey: platform !== 'darwin', shiftKey: keys.includes('Shift'), altKey: false };
        expect(intentForKey(press, platform === 'darwin')).toBe(intent);
      }
    }
  });

  it('sends intents to the page, and runs main\'s own actions in main', () => {
    const spy = actions();
    const template = menuTemplate({ platform: 'linux', appName: 'Confab', development: false }, spy, english);
    const click = (id: string) => (byId(template, id)!.click as () => void)();
    click('newChat');
    click('find');
    click('openRecording');
    click('showLogs');
    click('reportProblem');
    expect(spy.send.mock.calls).toEqual([['newChat'], ['find']]);
    expect(spy.openRecording).toHaveBeenCalledOnce();
    expect(spy.showLogs).toHaveBeenCalledOnce();
    expect(spy.reportProblem).toHaveBeenCalledOnce();
  });

  it('has the standard edit, zoom and full-screen roles, and developer tools only in development', () => {
    const roles = (development: boolean) => items(menuTemplate({ platform: 'linux', appName: 'Confab', development }, actions(), english)).map((item) => item.role);
    expect(roles(false)).toEqual(expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']));
    expect(roles(false)).not.toContain('toggleDevTools');
    expect(roles(true)).toContain('toggleDevTools');
  });
});
