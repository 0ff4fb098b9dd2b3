import type { SaveOutcome } from '../../shared/contract/files';

export interface FileToSave {
  fileName: string;
  mimeType: string;
  bytes: Uint8Array;
}

/** Where main's "save as" goes: Electron's dialog, or the browser's download. */
export interface FileSaver {
  save(file: FileToSave): Promise<SaveOutcome>;
}

/**
 * A file name to suggest, never a path: suggested names may come from the page (a transcript
 * keeps the name of the file the page staged), and a suggestion such as `../../.bashrc` or
 * `/etc/cron.d/x` must not steer a save dialog (or a download) outside the folder the user
 * picks. Keeps the last path segment, drops characters no file system accepts and leading dots.
 */
export function saveName(fileName: string): string {
  const last = fileName.split(/[\\/]/).pop() ?? '';
  const clean = last.replace(/[:*?"<>|\u0000-\u001f]+/g, ' ').replace(/\s+/g, ' ').replace(/^[.\s]+/, '').trim().slice(0, 120);
  return clean || 'Confab export';
}

/** The browser harness has no native dialog: the browser's download asks where to save. */
export const downloadSaver: FileSaver = {
  save: async ({ fileName, mimeType, bytes }) => ({
    kind: 'download',
    fileName: saveName(fileName),
    mimeType,
    base64: Buffer.from(bytes).toString('base64'),
  }),
};
