import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { finished, pipeline } from 'node:stream/promises';
import { MEDIA_PATH } from '../core/app-origin';
import { STAGE_CHECK_ROUTE, STAGE_ROUTE, stageQuery } from '../../shared/contract/staging';
import { mediaReply } from '../core/services/storage/media-file';
import type { Staging } from '../core/services/intake/staging';
import { DOWNLOAD_PATH, type DownloadShelf } from './download-shelf';
import { bearer, text } from './route-io';
import { checkBeforeStaging } from './stage-check-route';
import type { UrlSigner } from './signed-urls';
import type { StageOutcome } from '../../shared/contract/transcription';
import { errorText } from '../../shared/domain/error-text';
import { problemOf } from '../../shared/domain/problem';

export interface FileRouteDeps {
  staging: Staging;
  audioPath(transcriptId: string): string | null;
  signer: UrlSigner;
  downloads: DownloadShelf;
  /** The page's own origin with this launch's token, checked as the WebSocket is. */
  fromPage(request: IncomingMessage, token: string | null): boolean;
}

/** A recording's signed URL lives this long; a paused player seeking later still finds it valid. */
export const MEDIA_URL_MS = 6 * 60 * 60_000;
export const signedMediaUrl = (signer: UrlSigner, transcriptId: string) => signer.sign(`${MEDIA_PATH}${encodeURIComponent(transcriptId)}`, MEDIA_URL_MS);

/**
 * The harness's byte routes beside the bridge: a file's bytes cross once, raw, never as base64
 * inside a JSON frame. POST /files/check judges a file from its first bytes before its upload, and
 * PUT /files stages it (both with token and Origin checked like the
 * WebSocket); GET /media/<id> plays a saved recording with range requests and GET
 * /downloads/<id> fetches an export (both by signed URL, since <audio> and a download anchor
 * cannot send the token). Answers false for any other request.
 */
export function fileRoutes(deps: FileRouteDeps) {
  async function stage(request: IncomingMessage, response: ServerResponse, url: URL, headers: Record<string, string>) {
    if (!deps.fromPage(request, bearer(request))) return text(response, 403, 'Forbidden', headers);
    const query = stageQuery.safeParse(Object.fromEntries(url.searchParams));
    const size = Number(request.headers['content-length']);
    if (!query.success) return text(response, 400, query.error.issues.map((i) => i.message).join(' '), headers);
    if (!Number.isSafeInteger(size)) return text(response, 411, 'The upload needs a Content-Length.', headers);
    let outcome: StageOutcome;
    try {
      outcome = await deps.staging.fromStream(request, query.data.name, size, query.data.purpose);
    } catch (error) {
      // Said by the page as the bridge says any refusal: main's code, else the fault as unexpected.
      outcome = { ok: false, problem: problemOf(error) ?? { code: 'unexpected', values: { detail: errorText(error) } } };
    }
    // A refusal (too large, empty) comes before the body is read: take it in before answering,
    // as a browser reports an answer to an unfinished upload as a network error.
    // finished() also settles for a request already ended or torn down, whose events have passed.
    await finished(request.resume()).catch(() => undefined);
    // A page that gave up (Cancel) just as the last byte arrived never learns the fileId: drop the copy.
    const undelivered = () => {
      if (outcome.ok) void deps.staging.discard(outcome.file.fileId, [query.data.purpose]);
    };
    if (response.destroyed) return undelivered();
    response.once('close', () => {
      if (!response.writableFinished) undelivered();
    });
    response.writeHead(200, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(JSON.stringify(outcome));
  }

  /** POST /files/check: the verdict on a file's size and first bytes, before its upload. */
  async function check(request: IncomingMessage, response: ServerResponse, url: URL, headers: Record<string, string>) {
    if (!deps.fromPage(request, bearer(request))) return text(response, 403, 'Forbidden', headers);
    const verdict = await checkBeforeStaging(deps.staging, request, url);
    if ('status' in verdict) return text(response, verdict.status, verdict.message, headers);
    response.writeHead(200, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(JSON.stringify(verdict));
  }

  async function media(request: IncomingMessage, response: ServerResponse, id: string, headers: Record<string, string>) {
    const reply = await mediaReply(deps.audioPath(id), request.headers.range ?? null);
    response.writeHead(reply.status, { ...headers, ...reply.headers });
    if (!reply.ok || request.method === 'HEAD') return void response.end();
    // A file gone between its size and its reading ends this response, not the process (pipe() leaves the stream's error unheard).
    await pipeline(createReadStream(reply.file, { start: reply.start, end: reply.end }), response).catch(() => undefined);
  }

  /** GET /media/<id> and /downloads/<id>: by a signed URL only. */
  async function signed(request: IncomingMessage, response: ServerResponse, url: URL, prefix: string, headers: Record<string, string>) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return text(response, 405, 'Use GET.', headers);
    if (!deps.signer.verify(url)) return text(response, 403, 'This link has expired or is not valid. Open the item again.', headers);
    let id: string;
    try {
      id = decodeURIComponent(url.pathname.slice(prefix.length));
    } catch {
      return text(response, 404, 'Not found', headers);
    }
    if (prefix === MEDIA_PATH) await media(request, response, id, headers);
    else deps.downloads.serve(id, response, headers);
  }

  return async function route(request: IncomingMessage, response: ServerResponse, headers: Record<string, string>): Promise<boolean> {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === STAGE_ROUTE) {
      if (request.method === 'PUT') await stage(request, response, url, headers);
      else text(response, 405, 'Use PUT.', headers);
      return true;
    }
    if (url.pathname === STAGE_CHECK_ROUTE) {
      if (request.method === 'POST') await check(request, response, url, headers);
      else text(response, 405, 'Use POST.', headers);
      return true;
    }
    const prefix = [MEDIA_PATH, DOWNLOAD_PATH].find((candidate) => url.pathname.startsWith(candidate));
    if (!prefix) return false;
    await signed(request, response, url, prefix, headers);
    return true;
  };
}
