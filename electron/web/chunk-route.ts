import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  MAX_CHUNK_SECONDS,
  RECORDING_CHUNK_ROUTE,
  RECORDING_SAMPLE_RATE,
  type ChunkInput,
  type ChunkOutcome,
  chunkQuery,
} from '../../shared/contract/recording';
import { errorText } from '../../shared/domain/error-text';
import { problemOf } from '../../shared/domain/problem';
import { bearer, boundedBody, text } from './route-io';

/** The most a chunk can hold: MAX_CHUNK_SECONDS of two 16-bit tracks. */
export const MAX_CHUNK_BYTES = MAX_CHUNK_SECONDS * RECORDING_SAMPLE_RATE * 2 * 2;

export interface ChunkRouteDeps {
  append(input: ChunkInput): Promise<ChunkOutcome>;
  /** The page's own origin with this launch's token, checked as the WebSocket is. */
  fromPage(request: IncomingMessage, token: string | null): boolean;
}

/**
 * The harness's chunk route: PUT /recording-chunks?id&seq with the chunk's PCM as the raw
 * body, so audio never rides inside a JSON frame. Main writes and flushes it before answering,
 * and the page sends the next only then, which keeps chunks in order.
 */
export function chunkRoute(deps: ChunkRouteDeps) {
  async function put(request: IncomingMessage, response: ServerResponse, url: URL, headers: Record<string, string>) {
    if (!deps.fromPage(request, bearer(request))) return text(response, 403, 'Forbidden', headers);
    const query = chunkQuery.safeParse(Object.fromEntries(url.searchParams));
    if (!query.success) return text(response, 400, query.error.issues.map((i) => i.message).join(' '), headers);
    if (Number(request.headers['content-length'] ?? 0) > MAX_CHUNK_BYTES) return text(response, 413, 'A chunk holds at most 2 s of audio.', headers);
    const body = await boundedBody(request, MAX_CHUNK_BYTES);
    if (!body) return text(response, 413, 'A chunk holds at most 2 s of audio.', headers);
    let outcome: ChunkOutcome;
    try {
      outcome = await deps.append({ id: query.data.id, seq: query.data.seq, pcm: Uint8Array.from(body) });
    } catch (error) {
      outcome = { ok: false, problem: problemOf(error) ?? { code: 'unexpected', values: { detail: errorText(error) } } };
    }
    response.writeHead(200, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(JSON.stringify(outcome));
  }

  return async function route(request: IncomingMessage, response: ServerResponse, headers: Record<string, string>): Promise<boolean> {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname !== RECORDING_CHUNK_ROUTE) return false;
    if (request.method === 'PUT') await put(request, response, url, headers);
    else text(response, 405, 'Use PUT.', headers);
    return true;
  };
}
