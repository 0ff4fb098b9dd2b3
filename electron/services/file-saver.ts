import type { SaveOutcome } from '../../shared/contract/files';

export interface FileToSave {
  fileName: string;
  mimeType: string;
  bytes: Uint8Array;
}

/**
 * Where main's "save as" goes: Electron's dialog (platform/dialog-saver.ts), or in the browser
 * harness a short-lived download URL the browser fetches (web/download-shelf.ts).
 */
export interface FileSaver {
  save(file: FileToSave): Promise<SaveOutcome>;
}

/** Where no way to save is wired (a core built for a test that saves nothing). */
export const noSaver: FileSaver = {
  save: async ({ fileName }) => {
    throw new Error(`${fileName} cannot be saved here: this Confab has no way to save files.`);
  },
};
