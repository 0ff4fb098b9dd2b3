import { join } from 'node:path';
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { launchChromium, screenshot } from '../support/browser';
import { type Session, openSession } from '../support/history-app';
import { testFolder } from '../support/temp-folder';
import { composer, newChat, send, settled, useKey } from '../support/chat';

// Input larger than a transport takes: a 9 MB paste and a 50 MB conversation file. Both go by
// reference, as recordings do, never inside a bridge frame; the app goes on working (npm run web
// once ended on the first frame over 8 MiB).
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
  it('holds a 9 MB paste apart as an attached text, keeps it through a reload, and goes on working', async () => {
    const { page } = s;
    const chip = page.getByRole('group', { name: 'Attached to your next message' });
    const asked = () => fake.requests.filter((request) => request.path.endsWith('/chat/completions')).length;
    const askedBefore = asked();
    await composer(page).focus();
    // What Ctrl+V of 9 MB of text gives the page: a paste event whose clipboard holds it.
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', 'The quarterly report, pasted whole.\n'.repeat(262_144));
      document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    // gpt-tokenizer's count; past 2,000,000 characters estimated from samples (held/token-count.ts): near the exact 1,835,008.
    const pastedChip = /^Pasted text · 9\.0 MB · 262,144 lines · ~1,8[23]\d,\d\d\d tokens$/;
    await chip.getByText(pastedChip).waitFor({ timeout: 30_000 });
    expect(await composer(page).inputValue()).toBe('');
    // Held in main, by reference: the whole paste, in one file (and its record) kept until it is removed or sent.
    const pastes = join(s.dataDir, 'held');
    const held = (await readdir(pastes)).filter((name) => name.endsWith('.txt'));
    expect(held).toHaveLength(1);
    expect((await stat(join(pastes, held[0]!))).size).toBe(9_437_184);
    // A second long paste joins the first, each with its own chip.
    await composer(page).focus();
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', 'Another long text.\n'.repeat(60_000));
      document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await chip.getByText('Pasted text · 1.1 MB · 60,000 lines · ~240,000 tokens', { exact: true }).waitFor({ timeout: 30_000 });
    await chip.getByRole('button', { name: 'Remove Pasted text' }).last().click();
    await expect.poll(async () => (await readdir(pastes)).filter((name) => name.endsWith('.txt'))).toEqual(held);
    expect(await composer(page).inputValue()).toBe('');
    await composer(page).fill('Summarise this');
    await screenshot(page, 'composer-pasted-text');
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'composer-pasted-text-800');
    await page.setViewportSize({ width: 1100, height: 800 });

    // Drafts outlive a reload of the page, and so does the paste.
    await page.reload();
    await chip.getByText(pastedChip).waitFor();
    expect(await composer(page).inputValue()).toBe('Summarise this');

    const [download] = await Promise.all([page.waitForEvent('download'), chip.getByRole('button', { name: 'Save as file…' }).click()]);
    expect(download.suggestedFilename()).toBe('Pasted text.txt');
    const savedTo = join(await testFolder('confab-pasted-'), 'Pasted text.txt');
    await download.saveAs(savedTo);
    expect((await readFile(savedTo, 'utf8')).split('\n')).toHaveLength(262_145);

    await chip.getByRole('button', { name: 'Remove Pasted text' }).click();
    await chip.waitFor({ state: 'detached' });
    await expect.poll(() => readdir(pastes)).toEqual([]);
    // Nothing of it went to the service.
    expect(asked()).toBe(askedBefore);

    await composer(page).fill('x'.repeat(950_000));
    await page.getByText('950,000 of 1,000,000 characters.').waitFor();

    fake.chat.next({ reply: 'Still here.' });
    await send(page, 'Are you still there?');
    await expect.poll(async () => (await settled(page)).innerText()).toContain('Still here.');
    expect(s.app.output()).not.toMatch(/WS_ERR_UNSUPPORTED_MESSAGE_LENGTH|Confab could not start/);
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
    await page.getByText('Importing archive.json…').waitFor();
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
