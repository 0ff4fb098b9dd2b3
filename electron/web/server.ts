import { randomBytes, timingSafeEqual } from 'node:crypto';
import Negotiator from 'negotiator';
import { type IncomingMessage, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  BRIDGE_MAX_FRAME_BYTES,
  BRIDGE_PATH,
  TOKEN_PARAM,
  type ToRendererFrame,
  toMainFrame,
} from '../../shared/contract/bridge-protocol';
import type { EventSink, Router } from '../core/router';
import { log } from '../core/log';
import { errorText } from '../../shared/domain/error-text';
import { contentSecurityPolicy } from '../core/security/csp';
import { type ChunkFrameDeps, chunkFrames } from './chunk-frames';
import { type FileRouteDeps, fileRoutes } from './file-routes';
import { serveStatic } from './static-files';

export interface WebServerOptions {
  router: Router;
  /** The built renderer (dist/renderer). */
  rendererDir: string;
  /** 0 picks a free port. */
  port: number;
  /** Staging, recordings and exports: the byte routes beside the bridge (file-routes.ts). */
  files: Omit<FileRouteDeps, 'fromPage'>;
  /** Where a recording's chunks go (binary frames on the bridge, chunk-frames.ts). */
  recording: ChunkFrameDeps;
  /** The page's browser's languages (its Accept-Language), best first, each time the page connects. */
  onPageLanguages?(languages: string[]): void;
}

const sameToken = (given: string | null, token: string) =>
  given !== null && given.length === token.length && timingSafeEqual(Buffer.from(given), Buffer.from(token));

/**
 * The browser harness: serves the renderer bundle and bridges its calls to the same router
 * Electron's IPC uses. Bound to 127.0.0.1 only; a WebSocket is accepted only with this
 * launch's random token and from the page's own origin, so other sites and other local
 * users' pages cannot drive it.
 */
export async function startWebServer(options: WebServerOptions) {
  const token = randomBytes(24).toString('base64url');
  const server = createServer();
  const sockets = new WebSocketServer({ noServer: true, maxPayload: BRIDGE_MAX_FRAME_BYTES });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origins = new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  const hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const securityHeaders = {
    'Content-Security-Policy': contentSecurityPolicy({ connectSrc: [`ws://127.0.0.1:${port}`, `ws://localhost:${port}`] }),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };

  /** The app's page in this launch: its Host, its Origin and the token from its URL's fragment. */
  const fromPage = (request: IncomingMessage, given: string | null) =>
    hosts.has(request.headers.host ?? '') && origins.has(request.headers.origin ?? '') && sameToken(given, token);
  const routeFiles = fileRoutes({ ...options.files, fromPage });
  const onChunkFrame = chunkFrames(options.recording);

  server.on('request', async (request, response) => {
    // A foreign Host header means DNS rebinding: some other name pointing at 127.0.0.1.
    if (!hosts.has(request.headers.host ?? '')) {
      response.writeHead(403).end();
      return;
    }
    try {
      if (await routeFiles(request, response, securityHeaders)) return;
    } catch (error) {
      // A route's fault ends that request, never the harness: an async listener's rejection is
      // unhandled, and Node ends the process for it.
      log.warn(`Request to ${request.method} ${new URL(request.url ?? '/', 'http://x').pathname} failed: ${errorText(error)}`);
      if (response.headersSent) response.destroy();
      else response.writeHead(500, securityHeaders).end();
      return;
    }
    if (request.method !== 'GET') {
      response.writeHead(403).end();
      return;
    }
    void serveStatic(options.rendererDir, new URL(request.url ?? '/', 'http://x').pathname, response, securityHeaders);
  });

  const allowed = (request: IncomingMessage) => {
    const url = new URL(request.url ?? '/', 'http://x');
    return url.pathname === BRIDGE_PATH && fromPage(request, url.searchParams.get(TOKEN_PARAM));
  };

  server.on('upgrade', (request, socket, head) => {
    if (!allowed(request)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    // The browser stands in for the OS here: its languages are what "system" follows.
    options.onPageLanguages?.(new Negotiator(request).languages());
    sockets.handleUpgrade(request, socket, head, (ws) => bridge(ws));
  });

  function bridge(ws: WebSocket) {
    const send = (frame: ToRendererFrame) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
    };
    const sink: EventSink = { send: (channel, payload) => send({ type: 'event', channel, payload }) };
    ws.on('message', async (data: Buffer, isBinary) => {
      // A binary frame is a recording's chunk; everything else is a call as JSON.
      if (isBinary) {
        const answer = await onChunkFrame(data);
        if (answer) send({ type: 'result', ...answer });
        else ws.close(1008, 'Malformed chunk frame');
        return;
      }
      let frame;
      try {
        frame = toMainFrame.parse(JSON.parse(String(data)));
      } catch {
        ws.close(1008, 'Malformed bridge frame');
        return;
      }
      send({ type: 'result', seq: frame.seq, envelope: await options.router.invoke(frame.channel, frame.payload, sink) });
    });
    // A frame over the limit (ws closes the socket with 1009) or a broken connection: without a
    // listener the socket's error would end the whole harness.
    ws.on('error', (error) => log.warn(`Bridge connection closed: ${error.message}`));
    ws.on('close', () => options.router.release(sink));
  }

  return {
    port,
    url: `http://127.0.0.1:${port}/#${TOKEN_PARAM}=${token}`,
    async close() {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
