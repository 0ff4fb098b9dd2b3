import { randomUUID } from 'node:crypto';
import { constants, createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { copyFile, open, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StagePurpose } from '../../../../shared/contract/staging';
import { MAX_UPLOAD_BYTES, type StageOutcome, type StagedFile } from '../../../../shared/contract/transcription';
import { megabytes } from '../../../../shared/domain/sizes';
import { diskFaultOf, diskFaultWords } from '../storage/disk-faults';
import { SNIFF_BYTES, detectAudio, refuseEarly } from './detect-audio';

/** The first bytes of a file, for `refuseEarly`. */
async function readHead(path: string): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Passes at most `limit` bytes; a body longer than it announced is an error, not a truncation. */
function atMost(limit: number, name: string) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > limit ? new Error(`More data arrived for ${name} than its size.`) : null, chunk);
    },
  });
}

/**
 * Holds a body's first bytes back until `refuseEarly` has looked at them, then passes everything
 * on; a body that is not audio is read to its end (a browser reports an answer to an unfinished
 * upload as a network error) but nothing more of it is written. `refused` says why.
 */
function sniff(name: string) {
  const head: Buffer[] = [];
  let held = 0;
  let decided = false;
  let refused: string | null = null;
  const decide = async (stream: Transform) => {
    decided = true;
    refused = await refuseEarly(Buffer.concat(head), name);
    if (!refused) stream.push(Buffer.concat(head));
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (decided) return done(null, refused ? undefined : chunk);
      head.push(chunk);
      held += chunk.length;
      if (held < SNIFF_BYTES) return done();
      decide(this).then(() => done(), done);
    },
    flush(done) {
      if (decided) return done();
      decide(this).then(() => done(), done);
    },
  });
  return { stream, refused: () => refused };
}

/**
 * Files the user dropped or picked, in main's staging folder, so they can be streamed to the
 * service from disk. They arrive by path (Electron: copied from where the user keeps them),
 * as one raw HTTP body (the browser harness), or as bytes made in the renderer (a long
 * recording's parts). Left-overs of a crash are removed at start.
 */
export function createStaging(dir: string) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const ready = new Map<string, StagedFile & { path: string }>();

  /** `original` is a long recording kept for playback; only what is uploaded has the service's limit. */
  function refusal(name: string, size: number, purpose: StagePurpose): string | null {
    if (size === 0) return `${name} is empty (0 bytes). Choose the recording itself.`;
    if (purpose === 'upload' && size > MAX_UPLOAD_BYTES) {
      return `${name} is ${megabytes(size)}; the service accepts files up to ${megabytes(MAX_UPLOAD_BYTES)}. Nothing was uploaded.`;
    }
    return null;
  }

  /**
   * Checks the size (and what `early` finds in the first bytes), lets `write` fill the staged
   * file, then recognises its content.
   */
  async function receive(
    name: string,
    size: number,
    purpose: StagePurpose,
    /** Fills the file; may answer a refusal found on the way. */
    write: (target: string) => Promise<string | null | void>,
    early: () => Promise<string | null> = async () => null,
  ): Promise<StageOutcome> {
    const problem = refusal(name, size, purpose) ?? (await early());
    if (problem) return { ok: false, problem };
    const fileId = randomUUID();
    const path = join(dir, fileId);
    let refused;
    try {
      refused = await write(path);
    } catch (error) {
      await rm(path, { force: true });
      const fault = diskFaultOf(error);
      if (fault) return { ok: false, problem: `${name} could not be added. ${diskFaultWords(fault, `Confab's staging folder, ${dir}`)}` };
      throw error;
    }
    if (refused) {
      await rm(path, { force: true });
      return { ok: false, problem: refused };
    }
    const written = (await stat(path).catch(() => null))?.size ?? 0;
    if (written !== size) {
      await rm(path, { force: true });
      return { ok: false, problem: `${name} could not be read completely (${written} of ${size} bytes). Try adding it again.` };
    }
    const detected = await detectAudio(path, name);
    if (!detected.ok) {
      await rm(path, { force: true });
      return detected;
    }
    const file = { fileId, name, size, format: detected.format, mimeType: detected.mimeType };
    ready.set(fileId, { ...file, path });
    return { ok: true, file };
  }

  return {
    /**
     * Copies a file the user chose from where it lies (Electron). The caller vouches that the
     * user chose it; only regular files are taken, never a folder or a device.
     */
    async fromPath(source: string, name: string, purpose: StagePurpose): Promise<StageOutcome> {
      const info = await stat(source).catch((error: unknown) => messageOf(error));
      if (typeof info === 'string') return { ok: false, problem: `${name} could not be read (${info}). Check that the file still exists, then add it again.` };
      if (!info.isFile()) return { ok: false, problem: `${name} is not a file. Choose the recording itself.` };
      // A clone where the file system offers one (instant), a copy otherwise; a file that is not
      // audio is refused from its first bytes, before any copy of it.
      return receive(
        name,
        info.size,
        purpose,
        (target) => copyFile(source, target, constants.COPYFILE_FICLONE),
        () => readHead(source).then((head) => refuseEarly(head, name)),
      );
    },

    /** Streams a body of `size` bytes to disk as it arrives (the harness's upload route). */
    fromStream(body: NodeJS.ReadableStream, name: string, size: number, purpose: StagePurpose): Promise<StageOutcome> {
      const sniffer = sniff(name);
      return receive(name, size, purpose, async (target) => {
        await pipeline(body, atMost(size, name), sniffer.stream, createWriteStream(target));
        return sniffer.refused();
      });
    },

    /** Bytes made in the renderer (a long recording's encoded part). */
    fromBytes(bytes: Uint8Array, name: string, purpose: StagePurpose): Promise<StageOutcome> {
      return receive(name, bytes.byteLength, purpose, (target) => writeFile(target, bytes));
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
