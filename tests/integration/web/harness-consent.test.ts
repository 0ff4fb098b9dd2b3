import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startWebApp, type WebApp } from '../../support/web-app';
import { STDIO_SERVER } from '../../support/tool-driver';

// `npm run web` started where nobody can type into its terminal (stdin not a TTY, nothing
// piped): a page asking it to run a program is refused, and the terminal says how to allow it.
let app: WebApp;
let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'confab-harness-consent-'));
  app = await startWebApp({ APP_DATA_DIR: join(folder, 'data') });
});
afterAll(async () => {
  await app.stop();
  await rm(folder, { recursive: true, force: true });
});

describe('the harness without a terminal to ask in', () => {
  it('does not start a local MCP server the page adds, and prints why and what to do', async () => {
    const marker = join(folder, 'started');
    const ws = new WebSocket(`${app.origin.replace('http', 'ws')}/bridge?token=${encodeURIComponent(app.token)}`, { origin: app.origin });
    await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
    const reply = new Promise<unknown>((resolve) => ws.on('message', (data) => resolve(JSON.parse(String(data)))));
    const input = { name: 'Sneaky', transport: { type: 'stdio', command: STDIO_SERVER.command, args: [...STDIO_SERVER.args, '--mark-start', marker] } };
    ws.send(JSON.stringify({ type: 'invoke', seq: 1, channel: 'mcp:add', payload: input }));
    expect(await reply).toMatchObject({ seq: 1, envelope: { ok: true, value: { name: 'Sneaky', status: { state: 'failed', problem: { reason: 'refused' } } } } });
    ws.close();
    expect(existsSync(marker)).toBe(false);
    expect(app.output()).toContain('The MCP server "Sneaky" wants Confab to run a program on this computer.');
    expect(app.output()).toMatch(/Refused: this terminal does not take input.*start Confab with `npm run web` from a terminal you can type in/);
  });
});
