import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DisconnectKind, FakeKeys, Plan, RequestLogEntry } from './script';
import type { TranslationState } from './translate';

/** What a route handler gets: the request, where to log, and the shared fake state. */
export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  entry: RequestLogEntry;
  plan: Plan;
  /** Aborted when the response closes for any reason, or when the fake shuts down. */
  signal: AbortSignal;
  state: SharedState;
  /** Records a client disconnect if the response closes before it finished. */
  watchDisconnect(kind: DisconnectKind, details?: () => { chunksSent?: number; bytesReceived?: number }): void;
  /** Marks the coming close as the server's own doing (a scripted drop), not the client's. */
  markServerClose(): void;
}

export interface SharedState {
  keys: FakeKeys;
  latencyMs: number;
  defaultIntervalMs: number;
  /** Per-instance counter, so ids are deterministic within a test run. */
  sequence: number;
  /** setContextLimit: message characters above which a chat request is refused as too long. */
  contextChars: number | null;
  /** setContextTokens: prompt tokens, counted as usage reports them (chat-reply.ts), above which a chat request is refused as too long. */
  contextTokens: number | null;
  /**
   * Transcription requests arrived so far, the latest arrival whose upload has been read, and the
   * answers held until a later one's has (holdForNextMs).
   */
  transcriptionArrivals: { count: number; read: number; held: Set<() => void> };
  toneWords?: Record<string, number>;
  /** Translation batches' misbehaviours and the row failed in each (translate.ts). */
  translation: TranslationState;
  /** With toneWords: where uploads are copied for decoding; close() deletes it. */
  copyDir?: string;
}

/** Resolves after ms, or early (without throwing) when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

export class BodyTooLargeError extends Error {}

/** Reads a whole (JSON) body with a cap, since chat bodies are small but must not be unbounded. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > limit) throw new BodyTooLargeError(`Request body exceeds ${limit} bytes.`);
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads and parses a JSON body for the log; unparsable text is kept as is. */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<{ ok: true; value: unknown } | { ok: false; text: string }> {
  const text = (await readBody(req, limit)).toString('utf8');
  const parsed = parseJson(text);
  return parsed.ok ? parsed : { ok: false, text };
}
