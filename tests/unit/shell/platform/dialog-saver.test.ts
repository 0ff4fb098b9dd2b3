import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testFolder } from '../../../support/temp-folder';

const showSaveDialog = vi.fn();
vi.mock('electron', () => ({ dialog: { showSaveDialog } }));
const { dialogSaver } = await import('../../../../electron/shell/platform/dialog-saver');
const { wordsIn } = await import('../../../../electron/core/services/language/language-service');
const english = () => wordsIn('en');

beforeEach(() => showSaveDialog.mockReset());

describe('Electron save dialog', () => {
  it('asks where to save, in the UI language, then main writes the bytes there', async () => {
    const target = join(await testFolder('confab-save-'), 'chosen name.md');
    showSaveDialog.mockResolvedValue({ canceled: false, filePath: target });
    const window = { id: 1 };
    const outcome = await dialogSaver(() => window as never, () => wordsIn('de')).save({ fileName: 'Chat.md', mimeType: 'text/markdown', bytes: new TextEncoder().encode('# Hi') });
    expect(showSaveDialog).toHaveBeenCalledWith(window, { title: 'Speichern unter', defaultPath: 'Chat.md', filters: [{ name: 'MD-Datei', extensions: ['md'] }] });
    expect(outcome).toEqual({ kind: 'saved', fileName: 'chosen name.md' });
    expect(await readFile(target, 'utf8')).toBe('# Hi');
  });

  it('reports a cancelled dialog and writes nothing', async () => {
    showSaveDialog.mockResolvedValue({ canceled: true, filePath: undefined });
    expect(await dialogSaver(() => null, english).save({ fileName: 'a.json', mimeType: 'application/json', bytes: new Uint8Array() })).toEqual({ kind: 'cancelled' });
    expect(showSaveDialog).toHaveBeenCalledWith({ title: 'Save As', defaultPath: 'a.json', filters: [{ name: 'JSON file', extensions: ['json'] }] });
  });
});

describe('suggested names from the page', () => {
  it('never steer the dialog outside the folder the user picks: only a plain name is suggested', async () => {
    const { saveName } = await import('../../../../electron/core/services/storage/file-saver');
    expect(saveName('../../../.bashrc.srt')).toBe('bashrc.srt');
    expect(saveName('/etc/cron.d/job.vtt')).toBe('job.vtt');
    expect(saveName('C:\\Windows\\System32\\evil.txt')).toBe('evil.txt');
    expect(saveName('..')).toBe('Confab export');
    expect(saveName('meeting: notes?.json')).toBe('meeting notes .json');
    showSaveDialog.mockResolvedValue({ canceled: true, filePath: undefined });
    await dialogSaver(() => null, english).save({ fileName: '../../.ssh/authorized_keys.txt', mimeType: 'text/plain', bytes: new Uint8Array() });
    expect(showSaveDialog).toHaveBeenCalledWith(expect.objectContaining({ defaultPath: 'authorized_keys.txt' }));
  });

  it('are cleaned the same way for the browser download', async () => {
    const { createDownloadShelf } = await import('../../../../electron/web/download-shelf');
    const { createUrlSigner } = await import('../../../../electron/web/signed-urls');
    const shelf = createDownloadShelf(createUrlSigner());
    const outcome = await shelf.saver.save({ fileName: '../x/talk.srt', mimeType: 'application/x-subrip', bytes: new Uint8Array([65]) });
    expect(outcome).toMatchObject({ kind: 'download', fileName: 'talk.srt' });
  });
});
