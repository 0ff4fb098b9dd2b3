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

/** Asks the harness, as a page in a browser reading `language` does, to add a local server that marks its start. */
async function addLocalServer(name: string, marker: string, language?: string) {
  const ws = new WebSocket(`${app.origin.replace('http', 'ws')}/bridge?token=${encodeURIComponent(app.token)}`, {
    origin: app.origin,
    headers: language ? { 'Accept-Language': language } : {},
  });
  await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
  const reply = new Promise<unknown>((resolve) => ws.on('message', (data) => resolve(JSON.parse(String(data)))));
  const input = { name, transport: { type: 'stdio', command: STDIO_SERVER.command, args: [...STDIO_SERVER.args, '--mark-start', marker] } };
  ws.send(JSON.stringify({ type: 'invoke', seq: 1, channel: 'mcp:add', payload: input }));
  const answer = await reply;
  ws.close();
  return answer;
}

describe('the harness without a terminal to ask in', () => {
  it('does not start a local MCP server the page adds, and prints why and what to do', async () => {
    const marker = join(folder, 'started');
    const reply = await addLocalServer('Sneaky', marker);
    expect(reply).toMatchObject({ seq: 1, envelope: { ok: true, value: { name: 'Sneaky', status: { state: 'failed', problem: { reason: 'refused' } } } } });
    expect(existsSync(marker)).toBe(false);
    expect(app.output()).toContain('The MCP server "Sneaky" wants Confab to run a program on this computer.');
    expect(app.output()).toMatch(/Refused: this terminal does not take input.*start Confab with `npm run web` from a terminal you can type in/);
  });

  it("words the question and the refusal in the language of the page's browser", async () => {
    const marker = join(folder, 'started-in-arabic');
    const printed = app.output().length;
    await addLocalServer('خادم الملاحظات', marker, 'ar-EG,ar;q=0.9');
    expect(existsSync(marker)).toBe(false);
    const question = app.output().slice(printed);
    expect(question).toContain('=== يسأل Confab: هل تريد تشغيل برنامج على هذا الكمبيوتر؟ ===');
    expect(question).toContain('يريد خادم MCP «خادم الملاحظات» أن يشغّل Confab برنامجًا على هذا الكمبيوتر.');
    expect(question).toContain('تم الرفض: هذه الطرفية لا تقبل الإدخال');
    expect(question).not.toContain('Refused');
  });
});
