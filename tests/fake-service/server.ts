import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { handleChat } from './chat';
import { sendError } from './errors';
import type { RequestContext, SharedState } from './http';
import { readJsonBody } from './http';
import { authenticate, defaultKeys } from './keys';
import { handleMcp } from './mcp';
import type {
  ChatScript,
  DisconnectKind,
  DisconnectRecord,
  FakeService,
  FakeServiceOptions,
  McpCallRecord,
  Plan,
  RequestLogEntry,
  ScriptQueue,
  TranscriptionScript,
  TranslationScript,
} from './script';
import { handleTranscription } from './transcription';

export type * from './script';
export { SPLIT_UTF8_SAMPLE } from './script';
export { defaultKeys } from './keys';
export { MAX_FILE_BYTES } from './upload';

function queue<S>(): ScriptQueue<S> & { take(): S | undefined } {
  const items: S[] = [];
  return {
    next: (script) => void items.push(script),
    get pending() {
      return items.length;
    },
    clear: () => void items.splice(0),
    take: () => items.shift(),
  };
}

const ROUTES: Record<string, string[]> = {
  '/v1/chat/completions': ['POST'],
  '/v1/audio/transcriptions': ['POST'],
  '/mcp': ['POST', 'GET', 'DELETE'],
};

/** Starts the fake on 127.0.0.1 and a free port (see FakeServiceOptions). */
export async function startFakeService(options: FakeServiceOptions = {}): Promise<FakeService> {
  const keys = { ...defaultKeys(), ...options.keys };
  const translation = queue<TranslationScript>();
  const state: SharedState = {
    keys,
    latencyMs: options.latencyMs ?? 0,
    defaultIntervalMs: options.defaultIntervalMs ?? 5,
    sequence: 0,
    contextChars: null,
    contextTokens: null,
    transcriptionArrivals: { count: 0, read: 0, held: new Set() },
    toneWords: options.toneWords,
    translation: { take: translation.take, failingRow: null },
  };
  if (options.toneWords) state.copyDir = await mkdtemp(join(tmpdir(), 'fake-uploads-'));
  const issued = new Map<string, Plan>();
  const chat = queue<ChatScript>();
  const transcription = queue<TranscriptionScript>();
  const requests: RequestLogEntry[] = [];
  const disconnects: DisconnectRecord[] = [];
  const mcpCalls: McpCallRecord[] = [];
  const waiters = new Set<() => void>();
  let cursor = 0;
  let closing = false;

  function recordDisconnect(record: DisconnectRecord): void {
    disconnects.push(record);
    for (const wake of [...waiters]) wake();
  }

  async function route(req: IncomingMessage, res: ServerResponse, entry: RequestLogEntry, ctxBase: Omit<RequestContext, 'plan'>) {
    const pathname = new URL(req.url ?? '/', 'http://fake').pathname.replace(/\/+$/, '') || '/';
    const methods = ROUTES[pathname];
    if (!methods) {
      sendError(res, 404, { message: `Invalid URL (${req.method} ${pathname}).`, type: 'invalid_request_error', code: 'not_found' });
      return;
    }
    if (!methods.includes(req.method ?? '')) {
      sendError(res, 405, { message: `Method ${req.method} is not allowed on ${pathname}.`, type: 'invalid_request_error', code: 'method_not_allowed' }, { allow: methods.join(', ') });
      return;
    }
    const auth = authenticate(req.headers.authorization, keys, issued);
    if (!auth.ok) {
      // Keep JSON bodies of refused requests too, so tests can check what the app sent.
      if (pathname !== '/v1/audio/transcriptions' && req.method === 'POST') {
        const body = await readJsonBody(req, 4 * 1024 * 1024).catch(() => null);
        if (body) entry.body = body.ok ? body.value : body.text;
      }
      // MCP clients expect a WWW-Authenticate challenge with a 401.
      const headers: Record<string, string> = pathname === '/mcp' ? { 'www-authenticate': 'Bearer error="invalid_token"' } : {};
      sendError(res, 401, { message: auth.message, type: 'invalid_request_error', code: auth.code }, headers);
      return;
    }
    entry.plan = auth.plan;
    const ctx: RequestContext = { ...ctxBase, plan: auth.plan };
    if (pathname === '/v1/chat/completions') await handleChat(ctx, () => chat.take());
    else if (pathname === '/v1/audio/transcriptions') await handleTranscription(ctx, () => transcription.take());
    else await handleMcp(ctx, (call) => mcpCalls.push(call));
  }

  const server = createServer({ noDelay: true }, (req, res) => {
    const entry: RequestLogEntry = { method: req.method ?? 'GET', path: req.url ?? '/', headers: { ...req.headers }, body: undefined, at: Date.now() };
    requests.push(entry);
    const controller = new AbortController();
    let watching: { kind: DisconnectKind; details?: () => { chunksSent?: number; bytesReceived?: number } } | null = null;
    let serverClosed = false;
    res.on('finish', () => {
      entry.endedAt = Date.now();
    });
    res.on('close', () => {
      controller.abort();
      if (res.headersSent) entry.status = res.statusCode;
      if (watching && !res.writableFinished && !serverClosed && !closing) {
        recordDisconnect({ kind: watching.kind, method: entry.method, path: entry.path, at: Date.now(), ...watching.details?.() });
      }
      options.onRequest?.(entry);
    });
    const ctxBase = {
      req,
      res,
      entry,
      signal: controller.signal,
      state,
      watchDisconnect: (kind: DisconnectKind, details?: () => { chunksSent?: number; bytesReceived?: number }) => {
        watching = { kind, details };
      },
      markServerClose: () => {
        serverClosed = true;
      },
    };
    route(req, res, entry, ctxBase).catch((error: unknown) => {
      if (!res.headersSent) {
        sendError(res, 500, { message: `Fake service failure: ${String(error)}`, type: 'server_error', code: 'server_error' });
      } else {
        serverClosed = true;
        res.destroy();
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  const origin = `http://${host}:${port}`;

  return {
    baseUrl: `${origin}/v1`,
    mcpUrl: `${origin}/mcp`,
    port,
    keys,
    chat,
    transcription,
    translation,
    failTranslationRow(rowId) {
      state.translation.failingRow = rowId;
    },
    requests,
    disconnects,
    mcpCalls,
    waitForDisconnect(timeoutMs = 5000) {
      const index = cursor++;
      return new Promise<DisconnectRecord>((resolve, reject) => {
        const wake = () => {
          const record = disconnects[index];
          if (!record) return;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(record);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          if (cursor === index + 1) cursor = index;
          reject(new Error(`No client disconnect within ${timeoutMs} ms (${disconnects.length} seen so far).`));
        }, timeoutMs);
        waiters.add(wake);
        wake();
      });
    },
    setLatency(ms) {
      state.latencyMs = ms;
    },
    setContextLimit(chars) {
      state.contextChars = chars;
    },
    setContextTokens(tokens) {
      state.contextTokens = tokens;
    },
    issueKey(key, plan = 'free') {
      issued.set(key, plan);
    },
    withdrawKey(key) {
      issued.delete(key);
    },
    reset() {
      requests.splice(0);
      disconnects.splice(0);
      mcpCalls.splice(0);
      chat.clear();
      transcription.clear();
      translation.clear();
      state.translation.failingRow = null;
      cursor = 0;
      state.latencyMs = options.latencyMs ?? 0;
      state.contextChars = null;
      state.contextTokens = null;
    },
    async close() {
      closing = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      // A cancelled upload's copy may still be open here: its folder goes, whatever is in it.
      if (state.copyDir) await rm(state.copyDir, { recursive: true, force: true });
    },
  };
}
