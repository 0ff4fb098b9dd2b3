import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testFolder } from '../../support/temp-folder';

const showSaveDialog = vi.fn();
vi.mock('electron', () => ({ dialog: { showSaveDialog } }));
const { dialogSaver } = await import('../../../electron/platform/dialog-saver');

beforeEach(() => showSaveDialog.mockReset());

describe('Electron save dialog', () => {
  it('asks where to save, then main writes the bytes there', async () => {
    const target = join(await testFolder('confab-save-'), 'chosen name.md');
    showSaveDialog.mockResolvedValue({ canceled: false, filePath: target });
    const window = { id: 1 };
    const outcome = await dialogSaver(() => window as never).save({ fileName: 'Chat.md', mimeType: 'text/markdown', bytes: new TextEncoder().encode('# Hi') });
    expect(showSaveDialog).toHaveBeenCalledWith(window, { defaultPath: 'Chat.md', filters: [{ name: 'MD', extensions: ['md'] }] });
    expect(outcome).toEqual({ kind: 'saved', fileName: 'chosen name.md' });
    expect(await readFile(target, 'utf8')).toBe('# Hi');
  });

  it('reports a cancelled dialog and writes nothing', async () => {
    showSaveDialog.mockResolvedValue({ canceled: true, filePath: undefined });
    expect(await dialogSaver(() => null).save({ fileName: 'a.json', mimeType: 'application/json', bytes: new Uint8Array() })).toEqual({ kind: 'cancelled' });
    expect(showSaveDialog).toHaveBeenCalledWith({ defaultPath: 'a.json', filters: [{ name: 'JSON', extensions: ['json'] }] });
  });
});
