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

/** The browser harness has no native dialog: the browser's download asks where to save. */
export const downloadSaver: FileSaver = {
  save: async ({ fileName, mimeType, bytes }) => ({
    kind: 'download',
    fileName,
    mimeType,
    base64: Buffer.from(bytes).toString('base64'),
  }),
};
