import { BRIDGE_MAX_FRAME_BYTES, BRIDGE_PATH, TOKEN_PARAM, toRendererFrame } from '../../shared/contract/bridge-protocol';
import type { Transport } from '../../shared/contract/client';
import type { Envelope } from '../../shared/contract/define';

// The page words these from their problems (errors `bridge.*`); the message is for the log.
const disconnected: Envelope = { ok: false, error: { code: 'disconnected', message: 'The bridge socket closed.', problem: { code: 'bridge.disconnected', values: {} } } };
const tooLarge = (bytes: number): Envelope => ({
  ok: false,
  error: { code: 'too_large', message: `A frame of ${bytes} bytes was not sent.`, problem: { code: 'bridge.too_large', values: { size: bytes, limit: BRIDGE_MAX_FRAME_BYTES } } },
});

export interface WsTransport extends Transport {
  /** A binary frame numbered by the bridge (a recording's chunk, ws-chunks.ts), answered as a call is. */
  sendBinary(make: (seq: number) => Uint8Array<ArrayBuffer>): Promise<Envelope>;
}

/**
 * The browser harness's side of the bridge: the same invoke/listen a preload offers,
 * over one WebSocket to 127.0.0.1, and a recording's chunks as binary frames on it. Reconnects on
 * the next call after the socket closed.
 */
export function createWsTransport(location: Location, token: string): WsTransport {
  const url = `ws://${location.host}${BRIDGE_PATH}?${TOKEN_PARAM}=${encodeURIComponent(token)}`;
  const pending = new Map<number, (envelope: Envelope) => void>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let socket: WebSocket | null = null;
  let seq = 0;

  function connect(): WebSocket {
    if (socket && socket.readyState <= WebSocket.OPEN) return socket;
    const ws = new WebSocket(url);
    ws.onmessage = (message) => {
      const frame = toRendererFrame.safeParse(JSON.parse(String(message.data)));
      if (!frame.success) return;
      if (frame.data.type === 'result') {
        pending.get(frame.data.seq)?.(frame.data.envelope);
        pending.delete(frame.data.seq);
      } else {
        for (const listener of listeners.get(frame.data.channel) ?? []) listener(frame.data.payload);
      }
    };
    ws.onclose = () => {
      for (const resolve of pending.values()) {
        resolve(disconnected);
      }
      pending.clear();
    };
    socket = ws;
    return ws;
  }

  /** Sends the frame numbered `id` once the socket is open; its `result` frame (or the socket's close) answers. */
  function call(make: (id: number) => string | Uint8Array<ArrayBuffer>): Promise<Envelope> {
    const ws = connect();
    const id = seq++;
    return new Promise<Envelope>((resolve) => {
      const frame = make(id);
      // Main closes a socket that sends more (every call on it would fail): this one is refused here, by name.
      const bytes = typeof frame !== 'string' ? frame.length : frame.length > BRIDGE_MAX_FRAME_BYTES / 3 ? new Blob([frame]).size : 0;
      if (bytes > BRIDGE_MAX_FRAME_BYTES) return resolve(tooLarge(bytes));
      pending.set(id, resolve);
      if (ws.readyState === WebSocket.OPEN) ws.send(frame);
      else ws.addEventListener('open', () => ws.send(frame), { once: true });
    });
  }

  return {
    invoke: (channel, payload) => call((id) => JSON.stringify({ type: 'invoke', seq: id, channel, payload })),
    sendBinary: call,
    listen(channel, listener) {
      connect();
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
      return () => set.delete(listener);
    },
  };
}
