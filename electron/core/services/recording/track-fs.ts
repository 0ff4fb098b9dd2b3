import { open } from 'node:fs/promises';

/** One track's file, as the writer needs it; tests inject one that fails (a full disk). */
export interface TrackHandle {
  write(bytes: Uint8Array, position: number): Promise<void>;
  /** fdatasync: the bytes are on the disk, not just in the page cache. */
  sync(): Promise<void>;
  truncate(length: number): Promise<void>;
  size(): Promise<number>;
  close(): Promise<void>;
}

export interface TrackFs {
  /** Opens a track file for writing; `create` starts it empty, otherwise it is opened as it is. */
  open(path: string, create: boolean): Promise<TrackHandle>;
}

export const nodeTrackFs: TrackFs = {
  async open(path, create) {
    const file = await open(path, create ? 'w+' : 'r+');
    return {
      async write(bytes, position) {
        let done = 0;
        while (done < bytes.byteLength) {
          const { bytesWritten } = await file.write(bytes, done, bytes.byteLength - done, position + done);
          done += bytesWritten;
        }
      },
      sync: () => file.datasync(),
      truncate: (length) => file.truncate(length),
      size: async () => (await file.stat()).size,
      close: () => file.close(),
    };
  },
};
