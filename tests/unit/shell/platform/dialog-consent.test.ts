import { beforeEach, describe, expect, it, vi } from 'vitest';

const showMessageBox = vi.fn();
vi.mock('electron', () => ({ dialog: { showMessageBox } }));
const { dialogConsent } = await import('../../../../electron/shell/platform/dialog-consent');
const { wordsIn } = await import('../../../../electron/core/services/language/language-service');

const request = { kind: 'startProgram' as const, serverName: 'Notes', command: 'npx', args: ['notes-mcp'], envNames: ['NOTES_TOKEN'] };

beforeEach(() => showMessageBox.mockReset());

describe('consent in Electron', () => {
  it('asks with a native dialog modal to the main window, naming the command and variable names, "Don\'t allow" by default', async () => {
    showMessageBox.mockResolvedValue({ response: 1, checkboxChecked: false });
    const window = { id: 1 };
    expect(await dialogConsent(() => window as never).ask(request, wordsIn('en'))).toBe(true);
    const [parent, options] = showMessageBox.mock.calls[0]!;
    expect(parent).toBe(window);
    expect(options).toMatchObject({ buttons: ["Don't allow", 'Allow'], defaultId: 0, cancelId: 0, type: 'warning' });
    expect(options.detail).toContain('Command: npx notes-mcp');
    expect(options.detail).toContain('(values hidden): NOTES_TOKEN');
  });

  it('takes the first button or Escape as a no, and asks without a parent when no window is open', async () => {
    showMessageBox.mockResolvedValue({ response: 0, checkboxChecked: false });
    expect(await dialogConsent(() => null).ask({ kind: 'allowTool', serverName: 'Notes', tool: null }, wordsIn('en'))).toBe(false);
    expect(showMessageBox).toHaveBeenCalledWith(expect.objectContaining({ title: 'Always allow a tool?' }));
  });
});
