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

/** The most a chunk can hold: MAX_CHUNK_SECONDS of two 16-bit tracks. */
export const MAX_CHUNK_BYTES = MAX_CHUNK_SECONDS * RECORDING_SAMPLE_RATE * 2 * 2;

export interface ChunkRouteDeps {
  append(input: ChunkInput): Promise<ChunkOutcome>;
  /** The page's own origin with this launch's token, checked as the WebSocket is. */
  fromPage(request: IncomingMessage, token: string | null): boolean;
}

const text = (response: ServerResponse, status: number, message: string, headers: Record<string, string>) =>
  void response.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end(message);

const bearer = (request: IncomingMessage) => /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? null;

/** Reads the body, refusing (null) once it passes `limit`, so a hostile page cannot make main hold more. */
async function body(request: IncomingMessage, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of request as AsyncIterable<Buffer>) {
    size += part.length;
    if (size > limit) return null;
    parts.push(part);
  }
  return Uint8Array.from(Buffer.concat(parts));
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
    const pcm = await body(request, MAX_CHUNK_BYTES);
    if (!pcm) return text(response, 413, 'A chunk holds at most 2 s of audio.', headers);
    let outcome: ChunkOutcome;
    try {
      outcome = await deps.append({ id: query.data.id, seq: query.data.seq, pcm });
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
