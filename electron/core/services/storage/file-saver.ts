import type { SaveOutcome } from '../../../../shared/contract/files';
import { usableName } from './file-name';

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

/**
 * A file name to suggest, never a path: suggested names may come from the page (a transcript
 * keeps the name of the file the page staged), and a suggestion such as `../../.bashrc` or
 * `/etc/cron.d/x` must not steer a save dialog (or a download) outside the folder the user picks.
 */
export const saveName = (fileName: string): string => usableName(fileName) ?? 'Confab export';

/** Where no way to save is wired (a core built for a test that saves nothing). */
export const noSaver: FileSaver = {
  save: async ({ fileName }) => {
    throw new Error(`${fileName} cannot be saved here: this Confab has no way to save files.`);
  },
};
