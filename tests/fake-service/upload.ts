import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import busboy from 'busboy';
import { badRequest, sendError } from './errors';
import type { ErrorFields } from './errors';
import type { RequestContext } from './http';
import { sleep } from './http';
import type { MultipartLogBody, TranscriptionScript, UploadedFileInfo } from './script';

// Reading a multipart upload as a stream: fields and file metadata go to the request log,
// the file itself is only hashed and counted, never held.

export const MAX_FILE_BYTES = 25 * 1024 * 1024;
const HEADER_BYTES = 4096;

/**
 * Answers before the body was read. A refusal just discards the rest of the upload, as
 * Node would; an oversize file stops reading altogether: the client sees the status while
 * still uploading, and the socket goes away shortly after so the rest is never received.
 */
export function respondEarly(ctx: RequestContext, status: number, error: ErrorFields, stopReading = false): void {
  const { req, res } = ctx;
  req.unpipe();
  if (!stopReading) {
    // Like Node's own server: the rest of the body is read and dropped on the same
    // connection, so a client still uploading receives the status instead of a broken pipe.
    sendError(res, status, error);
    req.resume();
    return;
  }
  sendError(res, status, error, { connection: 'close' });
  req.pause();
  ctx.markServerClose();
  // A short grace period lets the response reach the client before the reset.
  res.once('finish', () => setTimeout(() => req.socket.destroy(), 100).unref());
}

function throttle(bytesPerSecond: number, signal: AbortSignal): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      void sleep((chunk.length / bytesPerSecond) * 1000, signal).then(() => callback(null, chunk));
    },
  });
}

/**
 * While the fake deliberately reads slowly, the socket is paused and Node would only notice a
 * cancelled upload after draining the kernel buffers (seconds). An interim `102 Processing`
 * every 50 ms makes a write hit the closed peer, so the disconnect shows up at once; clients
 * ignore 1xx responses.
 */
function probeWhileSlow(ctx: RequestContext): () => void {
  const timer = setInterval(() => {
    if (!ctx.res.headersSent && !ctx.res.destroyed && ctx.req.socket.writable) ctx.res.writeProcessing();
  }, 50);
  const stop = () => clearInterval(timer);
  ctx.signal.addEventListener('abort', stop, { once: true });
  return stop;
}

export interface Upload {
  /** 'answered' when a response (413, drop, parse error) was already given or the client left. */
  outcome: 'read' | 'answered';
  /** The first bytes of the file, kept only to read a WAV header. */
  header: Buffer;
  /** With toneWords: the whole file on disk, for decoding, once `written` resolves. */
  copy: { path: string; written: Promise<unknown> } | null;
}

/** Reads the whole upload into `log`, applying the script's pacing and faults. */
export async function readUpload(ctx: RequestContext, script: TranscriptionScript, log: MultipartLogBody): Promise<Upload> {
  const { req, res, signal } = ctx;
  const header: Buffer[] = [];
  let headerLength = 0;
  let bytesReceived = 0;
  ctx.watchDisconnect('upload', () => ({ bytesReceived }));

  const copyPath = ctx.state.copyDir ? join(ctx.state.copyDir, randomUUID()) : null;
  let written: Promise<unknown> = Promise.resolve();
  const slow = Boolean(script.delayBeforeReadMs || script.readBytesPerSecond);
  const stopProbing = slow ? probeWhileSlow(ctx) : () => {};
  await sleep(script.delayBeforeReadMs ?? 0, signal);

  const outcome = await new Promise<Upload['outcome']>((resolve) => {
    let settled = false;
    const settle = (value: Upload['outcome']) => {
      if (!settled) resolve(value);
      settled = true;
    };
    if (signal.aborted) return settle('answered');
    signal.addEventListener('abort', () => settle('answered'), { once: true });

    req.on('data', (chunk: Buffer) => {
      bytesReceived += chunk.length;
      if (script.dropAfterBytes !== undefined && bytesReceived >= script.dropAfterBytes && !settled) {
        ctx.markServerClose();
        req.socket.destroy();
        settle('answered');
      }
    });

    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { fileSize: MAX_FILE_BYTES, files: 10, fields: 100, fieldSize: 1024 * 1024 } });
    } catch {
      badRequest(res, 'The multipart body could not be parsed.', null, 'invalid_multipart');
      return settle('answered');
    }
    bb.on('field', (name, value) => {
      const existing = log.fields[name];
      if (name.endsWith('[]')) log.fields[name] = [...(Array.isArray(existing) ? existing : []), value];
      else if (existing === undefined) log.fields[name] = value;
      else log.fields[name] = [...(Array.isArray(existing) ? existing : [existing]), value];
    });
    bb.on('file', (name, stream, info) => {
      if (name !== 'file' || log.file) {
        stream.resume();
        return;
      }
      const hash = createHash('sha256');
      const file: UploadedFileInfo = { fieldName: name, filename: info.filename ?? '', mimeType: info.mimeType, size: 0, sha256: '', truncated: false };
      log.file = file;
      if (copyPath) {
        const copy = stream.pipe(createWriteStream(copyPath));
        written = new Promise<void>((resolve) => copy.on('close', () => resolve()));
        // A client that goes mid-upload never ends the part: close the copy, so it is deleted.
        req.once('close', () => {
          if (req.complete) return;
          stream.unpipe(copy);
          copy.destroy();
        });
      }
      stream.on('data', (chunk: Buffer) => {
        file.size += chunk.length;
        hash.update(chunk);
        if (headerLength < HEADER_BYTES) {
          const part = Buffer.from(chunk.subarray(0, HEADER_BYTES - headerLength));
          header.push(part);
          headerLength += part.length;
        }
      });
      stream.on('limit', () => {
        file.truncated = true;
        file.sha256 = hash.digest('hex');
        const error = {
          message: `The audio file exceeds the maximum size of 25 MB (${MAX_FILE_BYTES} bytes).`,
          type: 'invalid_request_error',
          param: 'file',
          code: 'file_too_large',
        };
        respondEarly(ctx, 413, error, true);
        settle('answered');
      });
      stream.on('end', () => {
        if (!file.truncated) file.sha256 = hash.digest('hex');
      });
    });
    bb.on('error', () => {
      if (!settled) badRequest(res, 'The multipart body could not be parsed.', null, 'invalid_multipart');
      settle('answered');
    });
    bb.on('close', () => settle('read'));
    const source = script.readBytesPerSecond ? req.pipe(throttle(script.readBytesPerSecond, signal)) : req;
    source.pipe(bb);
  });
  stopProbing();
  return { outcome: signal.aborted ? 'answered' : outcome, header: Buffer.concat(header), copy: copyPath ? { path: copyPath, written } : null };
}
