// @vitest-environment jsdom
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_MAX_FRAME_BYTES } from '../../../../shared/contract/bridge-protocol';
import { buildClient } from '../../../../shared/contract/client';
import { contract } from '../../../../shared/contract';
import { problemText } from '../../../../renderer/common/problem-text';
import { startI18n, switchLanguage } from '../../../../renderer/i18n';
import { createWsTransport } from '../../../../renderer/api/ws-transport';

// A port nobody listens on: the harness that was stopped.
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the browser harness\'s socket, when it cannot pass a call', () => {
  let location: Location;
  beforeAll(async () => {
    await startI18n(Promise.resolve('en'));
    location = { host: `127.0.0.1:${await closedPort()}` } as Location;
  });
  afterAll(() => switchLanguage('en'));

  it('refuses a frame over the limit by code, with its size and the limit, sending nothing', async () => {
    const transport = createWsTransport(location, 'token');
    const envelope = await transport.invoke('history.import', { text: 'x'.repeat(BRIDGE_MAX_FRAME_BYTES) });
    expect(envelope).toMatchObject({ ok: false, error: { problem: { code: 'bridge.too_large', values: { limit: BRIDGE_MAX_FRAME_BYTES } } } });
    expect(envelope.ok || envelope.error.problem?.values.size).toBeGreaterThan(BRIDGE_MAX_FRAME_BYTES);
  });

  it('says a lost connection in the UI language, from its code', async () => {
    const api = buildClient(contract, createWsTransport(location, 'token'));
    const error = await api.settings.get().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'BridgeError', problem: { code: 'bridge.disconnected', values: {} } });
    await switchLanguage('de');
    expect(problemText(error)).toBe('Die Verbindung zu Confab ist verloren. Läuft `npm run web` noch? Laden Sie die Seite neu, nachdem Sie es neu gestartet haben.');
  });
});
