import { writeFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { type BrowserWindow, dialog } from 'electron';
import type { MainWords } from '../../core/services/language/language-service';
import { type FileSaver, saveName } from '../../core/services/storage/file-saver';

/**
 * Electron's save dialog; main writes the file, only where the user chose, so the renderer
 * never handles a path (and a suggested name is only a name: saveName).
 */
export function dialogSaver(window: () => BrowserWindow | null, words: () => MainWords): FileSaver {
  return {
    async save(file) {
      const { bytes } = file;
      const fileName = saveName(file.fileName);
      const extension = extname(fileName).slice(1);
      const t = words();
      const options = {
        title: t('dialog.saveAs'),
        defaultPath: fileName,
        filters: extension ? [{ name: t('dialog.fileOfType', { extension: extension.toUpperCase() }), extensions: [extension] }] : [],
      };
      const parent = window();
      const { canceled, filePath } = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
      if (canceled || !filePath) return { kind: 'cancelled' };
      await writeFile(filePath, bytes);
      return { kind: 'saved', fileName: basename(filePath) };
    },
  };
}
