import { join } from 'node:path';
import { readdir, writeFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { launchChromium, screenshot } from '../support/browser';
import { type Session, openSession } from '../support/history-app';
import { testFolder } from '../support/temp-folder';
import { composer, newChat, send, settled, useKey } from './chat-support';

// Input larger than a transport takes: a 9 MB paste and a 50 MB conversation file. The file goes
// by reference, as recordings do, never inside a bridge frame; the app goes on working (npm run
// web once ended on the first frame over 8 MiB).
let browser: Browser;
let fake: FakeService;
let s: Session;

beforeAll(async () => {
  fake = await startFakeService();
  browser = await launchChromium();
  s = await openSession(browser, { APP_BASE_URL: fake.baseUrl });
  await useKey(s.page, fake.keys.pro);
});

afterAll(async () => {
  await s?.close();
  await browser?.close();
  await fake?.close();
});

const sidebar = () => s.page.getByRole('navigation', { name: 'Sections' });

describe('input over the limits', () => {
  it('states the message limit as a paste nears it, refuses 9 MB by name, keeps it, and goes on working', async () => {
    const { page } = s;
    const huge = 'The quarterly report, pasted whole. '.repeat(262_144);
    await composer(page).fill(huge);
    // Laying out 9 MB of text takes the page seconds of its own on two loaded cores.
    await page.getByText(`This message has ${huge.length.toLocaleString('en')} characters; a message can have up to 1,000,000.`).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'composer-over-limit');
    expect((await composer(page).inputValue()).length).toBe(huge.length);

    await composer(page).fill('x'.repeat(950_000));
    await page.getByText('950,000 of 1,000,000 characters.').waitFor();

    fake.chat.next({ reply: 'Still here.' });
    await send(page, 'Are you still there?');
    await expect.poll(async () => (await settled(page)).innerText()).toContain('Still here.');
  });

  it('imports a 50 MB conversation file by reference: it is listed and opens, and the app keeps running', async () => {
    const { page } = s;
    const path = join(await testFolder('confab-oversized-'), 'archive.json');
    // 5,000 messages of 10 KB: a long-kept conversation, not one odd message.
    const messages = Array.from({ length: 5000 }, (_, i) => ({
      id: `m${i}`,
      role: i % 2 ? 'assistant' : 'user',
      content: `Message ${i + 1} of the archive. ${'Notes kept for the record. '.repeat(390)}`,
      state: 'complete',
      usage: null,
      failure: null,
      model: null,
      createdAt: i,
    }));
    const conversation = { id: 'big', title: 'Five years of notes', systemPrompt: '', options: { model: 'default', temperature: null, maxTokens: null, stream: true }, pinned: false, createdAt: 1, updatedAt: 1, messages };
    const content = JSON.stringify({ format: 'confab.conversation', version: 1, conversation });
    expect(content.length).toBeGreaterThan(50 * 1024 * 1024);
    await writeFile(path, content);
    await sidebar().getByText('JSON export, up to 100.0 MB').waitFor();
    await sidebar().getByLabel('Import conversation…').setInputFiles(path);
    // Reading and storing 50 MB takes main seconds of its own on two loaded cores.
    await page.getByText('Imported “Five years of notes”.').waitFor({ timeout: 60_000 });
    await sidebar().getByRole('button', { name: 'Five years of notes', exact: true }).waitFor();
    await page.getByText('Message 5000 of the archive.').waitFor({ timeout: 30_000 });
    await screenshot(page, 'imported-50-mb');
    // Nothing of the import is left in main's staging folder.
    expect(await readdir(join(s.dataDir, 'staging'))).toEqual([]);

    // In a new chat: the whole 50 MB history is more than one request to the service can carry.
    await newChat(page);
    fake.chat.next({ reply: 'Yes, still here.' });
    await send(page, 'And now?');
    await expect.poll(async () => (await settled(page)).innerText()).toContain('Yes, still here.');
    expect(s.app.output()).not.toMatch(/WS_ERR_UNSUPPORTED_MESSAGE_LENGTH|Confab could not start/);
  });

  it('logged no error on the way', () => {
    expect(s.errors).toEqual([]);
  });
});
