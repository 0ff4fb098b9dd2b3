import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../electron/core/core';
import { createHistoryStore } from '../../../electron/core/services/history/history-store';
import { startFakeService, type FakeService } from '../../fake-service/server';
import { testFolder } from '../../support/temp-folder';

let fake: FakeService;
beforeAll(async () => {
  fake = await startFakeService();
});
afterAll(() => fake.close());

describe('crash safety', () => {
  it('keeps all but the last second of a reply when the app is killed mid-stream', async () => {
    const dataDir = await testFolder('confab-crash-');
    const reply = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
    // The first answer goes to the key's trial (Confab tries a key before storing it), the next to the reply.
    fake.chat.next({ reply: 'ok' });
    fake.chat.next({ reply, chunkSize: 6, intervalMs: 25 });
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', '--import', 'tsx', 'tests/support/fixtures/streaming-child.ts', dataDir, fake.baseUrl, fake.keys.pro], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const progress: { at: number; received: number }[] = [];
    let ids = { conversationId: '', messageId: '' };
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        if (line.startsWith('{')) progress.push(JSON.parse(line));
        if (line.startsWith('ids ')) ids = JSON.parse(line.slice(4));
      }
    });
    const streamedFor = () => (progress.length ? progress.at(-1)!.at - progress[0]!.at : 0);
    await expect.poll(streamedFor, { timeout: 20_000 }).toBeGreaterThan(2500);
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const killedAt = Date.now();
    child.kill('SIGKILL');
    await exited;

    const store = createHistoryStore(join(dataDir, 'history.sqlite'));
    const saved = store.get(ids.conversationId).messages.at(-1)!;
    expect(saved).toMatchObject({ id: ids.messageId, role: 'assistant', state: 'interrupted' });
    expect(reply.startsWith(saved.content)).toBe(true);
    const secondBefore = progress.filter((entry) => entry.at <= killedAt - 1100).at(-1)!.received;
    expect(saved.content.length).toBeGreaterThanOrEqual(secondBefore);
    expect(saved.content.length).toBeGreaterThan(0);
    store.close();

    // The stale lock of the killed process does not keep the next start out.
    const core = await createCore({ userDataDir: dataDir });
    await core.close();
  });

  it('refuses a second instance on the same data folder with a clear message', async () => {
    const dataDir = await testFolder('confab-lock-');
    const first = await createCore({ userDataDir: dataDir });
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', '--import', 'tsx', 'electron/web/start.ts'], {
      env: { ...process.env, APP_DATA_DIR: dataDir, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).not.toBe(0);
    expect(output).toContain('Confab is already running with this data folder');
    await first.close();
  });
});
