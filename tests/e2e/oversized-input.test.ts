import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { launchChromium, screenshot } from '../support/browser';
import { type Session, openSession } from '../support/history-app';
import { testFolder } from '../support/temp-folder';
import { composer, send, settled, useKey } from '../support/chat';

// Input larger than a transport takes: a 9 MB paste and a 50 MB conversation file. Each is refused
// with its limit named, what was typed stays, and the app goes on working (npm run web once ended
// on the first frame over 8 MiB).
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

  it('refuses a 50 MB conversation file with the limit named, and the app keeps running', async () => {
    const { page } = s;
    const path = join(await testFolder('confab-oversized-'), 'archive.json');
    const messages = Array.from({ length: 50 }, (_, i) => ({ id: `m${i}`, role: 'user', content: 'y'.repeat(1024 * 1024), state: 'complete', usage: null, failure: null, model: null, createdAt: i }));
    const conversation = { id: 'big', title: 'Big', systemPrompt: '', options: { model: 'default', temperature: null, maxTokens: null, stream: true }, pinned: false, createdAt: 1, updatedAt: 1, messages };
    await writeFile(path, JSON.stringify({ format: 'confab.conversation', version: 1, conversation }));
    await sidebar().getByLabel('Import conversation…').setInputFiles(path);
    const alert = sidebar().getByRole('alert');
    await alert.getByText('archive.json was not imported', { exact: true }).waitFor();
    await alert.getByText(/^This is 50\.\d MB, more than the 8\.0 MB the browser version of Confab passes at once\. Nothing was sent/).waitFor();
    await alert.getByRole('button', { name: 'Dismiss' }).click();

    fake.chat.next({ reply: 'Yes, still here.' });
    await send(page, 'And now?');
    await expect.poll(async () => (await settled(page)).innerText()).toContain('Yes, still here.');
    expect(s.app.output()).not.toMatch(/WS_ERR_UNSUPPORTED_MESSAGE_LENGTH|Confab could not start/);
  });

  it('logged no error on the way', () => {
    expect(s.errors).toEqual([]);
  });
});
