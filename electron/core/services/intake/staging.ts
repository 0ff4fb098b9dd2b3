import { randomUUID } from 'node:crypto';
import { constants, createWriteStream, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { copyFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StagePurpose } from '../../../../shared/contract/staging';
import type { StageOutcome, StagedFile } from '../../../../shared/contract/transcription';
import { type DiskFault, diskFaultOf } from '../storage/disk-faults';
import { usableName } from '../storage/file-name';
import { SNIFF_BYTES, readHead } from './detect-audio';
import { STAGED_KINDS, type StagedKind } from './staged-kinds';
import { errorText } from '../../../../shared/domain/error-text';
import { Problem, type ProblemData } from '../../../../shared/domain/problem';

/** A disk's refusal while a file is copied in, by cause; the page says what to do about each. */
const DISK_FAULT_CODES: Record<DiskFault, string> = { full: 'intake.disk_full', readOnly: 'intake.disk_read_only', io: 'intake.disk_error' };

/** Passes at most `limit` bytes; a body longer than it announced is an error, not a truncation. */
function atMost(limit: number, name: string) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > limit ? new Problem('intake.longer_than_announced', { name, size: limit }) : null, chunk);
    },
  });
}

/**
 * Holds a body's first bytes back until its kind's early check has looked at them, then passes
 * everything on; a body refused there (not audio, not JSON) is read to its end (a browser reports
 * an answer to an unfinished upload as a network error) but nothing more of it is written.
 * `refused` says why.
 */
function sniff(name: string, kind: StagedKind) {
  const head: Buffer[] = [];
  let held = 0;
  let decided = false;
  let refused: ProblemData | null = null;
  const decide = async (stream: Transform) => {
    decided = true;
    refused = await kind.early(Buffer.concat(head), name);
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
 * What outlives a restart, in its own folder beside staging: a dictated clip whose request failed
 * (kept for Retry). A long paste or a document is read into the held folder at once (services/held).
 */
const KEPT = {
  dictation: { folder: 'dictated', name: 'Dictation', format: 'pcm', mimeType: 'audio/L16' },
} as const;
type KeptPurpose = keyof typeof KEPT;

/**
 * Files the user dropped or picked, in main's staging folder, so they can be streamed to the
 * service from disk. They arrive by path (Electron: copied from where the user keeps them),
 * as one raw HTTP body (the browser harness), or as bytes from the page (a file with no path,
 * a long paste). Left-overs of a crash are removed at start; a dictated clip
 * (KEPT) outlives a restart, until its text is in or the user drops it.
 */
export function createStaging(dir: string) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const ready = new Map<string, StagedFile & { path: string; purpose: StagePurpose }>();
  const keptDir = (purpose: KeptPurpose) => join(dir, '..', KEPT[purpose].folder);
  for (const purpose of Object.keys(KEPT) as KeptPurpose[]) {
    const { name, format, mimeType } = KEPT[purpose];
    mkdirSync(keptDir(purpose), { recursive: true });
    // Only whole, checked files are ever moved in (receive() below); anything else found there is not one.
    for (const entry of readdirSync(keptDir(purpose), { withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const path = join(keptDir(purpose), entry.name);
      ready.set(entry.name, { fileId: entry.name, name, size: statSync(path).size, format, mimeType, path, purpose });
    }
  }

  /**
   * The name a file is staged, uploaded and titled under: what is usable of the one it came with,
   * else the kind's own ("audio") plus, once known, the extension of the format its content has.
   */
  const labelOf = (name: string, purpose: StagePurpose) => usableName(name) ?? STAGED_KINDS[purpose].unnamed;
  const finalName = (name: string, purpose: StagePurpose, format: StagedFile['format']) =>
    usableName(name) ?? (format === 'text' || format === 'pcm' ? STAGED_KINDS[purpose].unnamed : `${STAGED_KINDS[purpose].unnamed}.${format}`);

  function refusal(name: string, size: number, kind: StagedKind): ProblemData | null {
    if (size === 0) return { code: kind.empty, values: { name } };
    return kind.tooLarge(name, size);
  }

  /** A staged file of `purposes`; one staged for another purpose is not found (an export is never a recording). */
  function held(fileId: string, purposes: readonly StagePurpose[] = ['original']) {
    const file = ready.get(fileId);
    if (!file || !purposes.includes(file.purpose)) throw new Problem('intake.not_staged');
    return file;
  }

  /**
   * Checks the size (and what `early` finds in the first bytes), lets `write` fill the staged
   * file, then recognises its content.
   */
  async function receive(
    givenName: string,
    size: number,
    purpose: StagePurpose,
    /** Fills the file; may answer a refusal found on the way. */
    write: (target: string) => Promise<ProblemData | null | void>,
    early: (kind: StagedKind) => Promise<ProblemData | null> = async () => null,
  ): Promise<StageOutcome> {
    const kind = STAGED_KINDS[purpose];
    const name = labelOf(givenName, purpose);
    const problem = refusal(name, size, kind) ?? (await early(kind));
    if (problem) return { ok: false, problem };
    const fileId = randomUUID();
    let path = join(dir, fileId);
    let refused;
    try {
      refused = await write(path);
    } catch (error) {
      await rm(path, { force: true });
      const fault = diskFaultOf(error);
      if (fault) return { ok: false, problem: { code: DISK_FAULT_CODES[fault], values: { name, folder: dir } } };
      throw error;
    }
    if (refused) {
      await rm(path, { force: true });
      return { ok: false, problem: refused };
    }
    const written = (await stat(path).catch(() => null))?.size ?? 0;
    if (written !== size) {
      await rm(path, { force: true });
      return { ok: false, problem: { code: 'intake.incomplete', values: { name, written, size } } };
    }
    const detected = await kind.recognise(path, name);
    if (!detected.ok) {
      await rm(path, { force: true });
      return detected;
    }
    if (purpose === 'dictation') {
      // Held across restarts, so it enters its folder only whole and checked: a crash mid-write
      // leaves it in staging, which is emptied at start.
      const kept = join(keptDir(purpose), fileId);
      await rename(path, kept);
      path = kept;
    }
    const file = { fileId, name: finalName(givenName, purpose, detected.format), size, format: detected.format, mimeType: detected.mimeType };
    ready.set(fileId, { ...file, path, purpose });
    return { ok: true, file };
  }

  return {
    /**
     * Copies a file the user chose from where it lies (Electron). The caller vouches that the
     * user chose it; only regular files are taken, never a folder or a device.
     */
    async fromPath(source: string, givenName: string, purpose: StagePurpose): Promise<StageOutcome> {
      const name = labelOf(givenName, purpose);
      const info = await stat(source).catch((error: unknown) => errorText(error));
      if (typeof info === 'string') return { ok: false, problem: { code: 'intake.not_found', values: { name, detail: info } } };
      if (!info.isFile()) return { ok: false, problem: { code: STAGED_KINDS[purpose].notFile, values: { name } } };
      // A clone where the file system offers one (instant), a copy otherwise; a file of the wrong
      // kind is refused from its first bytes, before any copy of it.
      return receive(
        givenName,
        info.size,
        purpose,
        (target) => copyFile(source, target, constants.COPYFILE_FICLONE),
        (kind) => readHead(source).then((head) => kind.early(head, name)),
      );
    },

    /**
     * Streams a body of `size` bytes to disk as it arrives (the harness's upload route). A write
     * that fails (a full disk) ends the copy but not `body`: it is left unread for the caller to
     * take in before answering, as a browser reports an answer to an unfinished upload as a
     * network error (a destroyed request would never be answered at all).
     */
    fromStream(body: NodeJS.ReadableStream, givenName: string, size: number, purpose: StagePurpose): Promise<StageOutcome> {
      const name = labelOf(givenName, purpose);
      const sniffer = sniff(name, STAGED_KINDS[purpose]);
      return receive(givenName, size, purpose, async (target) => {
        // pipe() lets go of the body when the copy fails, where pipeline() would destroy it; the
        // body's own failure (the page gone) still ends the copy.
        const copy = new PassThrough();
        body.once('error', (error) => copy.destroy(error)).pipe(copy);
        await pipeline(copy, atMost(size, name), sniffer.stream, createWriteStream(target));
        return sniffer.refused();
      });
    },

    /** Bytes from the page (Electron: a file with no path on disk, a long paste). */
    fromBytes(bytes: Uint8Array, givenName: string, purpose: StagePurpose): Promise<StageOutcome> {
      return receive(
        givenName,
        bytes.byteLength,
        purpose,
        (target) => writeFile(target, bytes),
        (kind) => kind.early(bytes.subarray(0, SNIFF_BYTES), labelOf(givenName, purpose)),
      );
    },

    /**
     * What staging would refuse a file of `size` for, judged from its first bytes alone (the
     * harness's page asks before it uploads); null when it may be sent.
     */
    async check(head: Uint8Array, givenName: string, size: number, purpose: StagePurpose): Promise<ProblemData | null> {
      const kind = STAGED_KINDS[purpose];
      const name = labelOf(givenName, purpose);
      return refusal(name, size, kind) ?? kind.early(head.subarray(0, SNIFF_BYTES), name);
    },

    find: (fileId: string) => ready.get(fileId),

    get: held,

    /** Hands the file over (it becomes the transcript's audio); staging forgets it. */
    take(fileId: string) {
      const file = held(fileId);
      ready.delete(fileId);
      return file;
    },

    /**
     * Gives a staged file of `purpose` to `use`, then removes it whatever `use` did: an import is
     * tried once, and a file left staged would be debris.
     */
    async consume<T>(fileId: string, purpose: StagePurpose, use: (path: string) => Promise<T>): Promise<T> {
      const file = held(fileId, [purpose]);
      ready.delete(fileId);
      try {
        return await use(file.path);
      } finally {
        await rm(file.path, { force: true });
      }
    },

    /** Removes a staged file of `purposes`; one staged for another purpose is left alone. */
    async discard(fileId: string, purposes: readonly StagePurpose[] = ['original']) {
      const file = ready.get(fileId);
      if (!file || !purposes.includes(file.purpose)) return;
      ready.delete(fileId);
      await rm(file.path, { force: true });
    },
  };
}

export type Staging = ReturnType<typeof createStaging>;
