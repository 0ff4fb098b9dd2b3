import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_UPLOAD_BYTES, type StagedFile } from '../../../shared/contract/transcription';
import { detectAudio } from './detect-audio';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Files the user dropped or picked, copied into main's staging folder so they can be
 * streamed to the service (a renderer has no file paths in a browser, and Electron's
 * renderer should not hand main any). Left-overs of a crash are removed at start.
 */
export function createStaging(dir: string) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const pending = new Map<string, { name: string; size: number; path: string; written: number }>();
  const ready = new Map<string, StagedFile & { path: string }>();

  return {
    /** `original` is a long recording kept for playback; only what is uploaded has the service's limit. */
    begin(name: string, size: number, purpose: 'upload' | 'original'): { ok: true; stageId: string } | { ok: false; problem: string } {
      if (size === 0) return { ok: false, problem: `${name} is empty (0 bytes). Choose the recording itself.` };
      if (purpose === 'upload' && size > MAX_UPLOAD_BYTES) {
        return {
          ok: false,
          problem: `${name} is ${megabytes(size)}; the service accepts files up to ${megabytes(MAX_UPLOAD_BYTES)}. Nothing was uploaded.`,
        };
      }
      const stageId = randomUUID();
      pending.set(stageId, { name, size, path: join(dir, stageId), written: 0 });
      return { ok: true, stageId };
    },

    async chunk(stageId: string, offset: number, bytes: Buffer) {
      const entry = pending.get(stageId);
      if (!entry) throw new Error('This upload was not started or was already finished.');
      if (offset + bytes.length > entry.size) throw new Error(`More data arrived for ${entry.name} than its size.`);
      const handle = await open(entry.path, offset === 0 ? 'w' : 'r+');
      try {
        await handle.write(bytes, 0, bytes.length, offset);
      } finally {
        await handle.close();
      }
      entry.written += bytes.length;
    },

    async end(stageId: string): Promise<{ ok: true; file: StagedFile } | { ok: false; problem: string }> {
      const entry = pending.get(stageId);
      if (!entry) throw new Error('This upload was not started or was already finished.');
      pending.delete(stageId);
      const size = (await stat(entry.path).catch(() => null))?.size ?? 0;
      if (size !== entry.size) {
        await rm(entry.path, { force: true });
        return { ok: false, problem: `${entry.name} could not be read completely (${size} of ${entry.size} bytes). Try adding it again.` };
      }
      const detected = await detectAudio(entry.path, entry.name);
      if (!detected.ok) {
        await rm(entry.path, { force: true });
        return detected;
      }
      const file = { fileId: stageId, name: entry.name, size, format: detected.format, mimeType: detected.mimeType };
      ready.set(stageId, { ...file, path: entry.path });
      return { ok: true, file };
    },

    find: (fileId: string) => ready.get(fileId),

    get(fileId: string) {
      const file = ready.get(fileId);
      if (!file) throw new Error('This file is no longer staged. Add it again.');
      return file;
    },

    /** Hands the file over (it becomes the transcript's audio); staging forgets it. */
    take(fileId: string) {
      const file = this.get(fileId);
      ready.delete(fileId);
      return file;
    },

    async discard(fileId: string) {
      const file = ready.get(fileId);
      ready.delete(fileId);
      if (file) await rm(file.path, { force: true });
    },
  };
}

export type Staging = ReturnType<typeof createStaging>;
