import WebSocket from 'ws';
import { BRIDGE_PATH, TOKEN_PARAM } from '../../shared/contract/bridge-protocol';
import { STAGE_ROUTE, type StagePurpose } from '../../shared/contract/staging';
import type { StageOutcome } from '../../shared/contract/transcription';
import type { Envelope } from '../../shared/contract/define';
import type { WebApp } from '../support/web-app';

/**
 * The browser bridge from Node, for benchmark setup only (storing the key, seeding history):
 * the same frames the renderer sends, and the same staging PUT, from the page's origin with the
 * launch token.
 */
export async function openBridge(app: WebApp) {
  const url = `${app.origin.replace('http', 'ws')}${BRIDGE_PATH}?${TOKEN_PARAM}=${encodeURIComponent(app.token)}`;
  const ws = new WebSocket(url, { origin: app.origin, maxPayload: 64 * 1024 * 1024 });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_request, response) => reject(new Error(`bridge refused: HTTP ${response.statusCode}`)));
    ws.once('error', reject);
  });
  const pending = new Map<number, (envelope: Envelope) => void>();
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as { type: string; seq?: number; envelope?: Envelope };
    if (frame.type !== 'result' || frame.seq === undefined) return;
    pending.get(frame.seq)?.(frame.envelope!);
    pending.delete(frame.seq);
  });
  let seq = 0;
  return {
    async invoke<T = unknown>(channel: string, payload?: unknown): Promise<T> {
      const id = seq++;
      const envelope = await new Promise<Envelope>((resolve) => {
        pending.set(id, resolve);
        ws.send(JSON.stringify({ type: 'invoke', seq: id, channel, payload }));
      });
      if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.message} (${envelope.error.code})`);
      return envelope.value as T;
    },
    /** Stages `body` as the page does (one PUT to the harness's staging route); answers main's outcome. */
    async stage(name: string, purpose: StagePurpose, body: string): Promise<StageOutcome> {
      const response = await fetch(`${app.origin}${STAGE_ROUTE}?${new URLSearchParams({ name, purpose })}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${app.token}`, Origin: app.origin },
        body,
      });
      if (!response.ok) throw new Error(`staging ${name}: HTTP ${response.status} ${await response.text()}`);
      return (await response.json()) as StageOutcome;
    },
    close: () => ws.close(),
  };
}

export type Bridge = Awaited<ReturnType<typeof openBridge>>;
