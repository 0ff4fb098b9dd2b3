import { BRIDGE_PATH, TOKEN_PARAM, toRendererFrame } from '../../shared/contract/bridge-protocol';
import type { Transport } from '../../shared/contract/client';
import type { Envelope } from '../../shared/contract/define';

const disconnected = (message: string): Envelope => ({ ok: false, error: { code: 'disconnected', message } });

/**
 * The browser harness's side of the bridge: the same invoke/listen a preload offers,
 * over one WebSocket to 127.0.0.1. Reconnects on the next call after the socket closed.
 */
export function createWsTransport(location: Location, token: string): Transport {
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
        resolve(disconnected('Lost the connection to Confab. Is `npm run web` still running? Reload the page after restarting it.'));
      }
      pending.clear();
    };
    socket = ws;
    return ws;
  }

  return {
    invoke(channel, payload) {
      const ws = connect();
      const id = seq++;
      return new Promise<Envelope>((resolve) => {
        pending.set(id, resolve);
        const frame = JSON.stringify({ type: 'invoke', seq: id, channel, payload });
        if (ws.readyState === WebSocket.OPEN) ws.send(frame);
        else ws.addEventListener('open', () => ws.send(frame), { once: true });
      });
    },
    listen(channel, listener) {
      connect();
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
      return () => set.delete(listener);
    },
  };
}
