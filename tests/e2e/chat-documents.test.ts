import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { launchChromium, screenshot } from '../support/browser';
import { lastRequestBody, send, settled, useKey } from '../support/chat';
import { makeDocx, makePdf } from '../support/documents';
import { type Session, openSession } from '../support/history-app';

// Documents in chat: attached by the paperclip or dropped on the window, read by main off its
// thread, shown as chips, and sent as text with the message; a hostile PDF is refused by name.
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

const chips = (page: Page) => page.getByRole('group', { name: 'Attached to your next message' });
const attach = (page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) =>
  page.locator('input[type=file][aria-label="Attach files"]').setInputFiles(files);

/** What a drop of these files on the window gives the page. */
async function drop(page: Page, name: string, bytes: Buffer, type: string) {
  await page.evaluate(
    ({ name, data, type }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], name, { type }));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    { name, data: bytes.toString('base64'), type },
  );
}

/** Drags files of these types over the window (their names stay hidden until a drop); returns the leave. */
async function dragOverWindow(page: Page, types: string[]) {
  const dragged = (event: 'dragenter' | 'dragleave') =>
    page.evaluate(
      ({ types, event }) => {
        const transfer = new DataTransfer();
        types.forEach((type, i) => transfer.items.add(new File(['x'], `f${i}`, { type })));
        window.dispatchEvent(new DragEvent(event, { dataTransfer: transfer, bubbles: true, cancelable: true }));
      },
      { types, event },
    );
  await dragged('dragenter');
  return () => dragged('dragleave');
}

describe('documents in chat', () => {
  it('sends a 30-page PDF (attached) and a DOCX (dropped on the window) to the service as text', async () => {
    const { page } = s;
    const pdf = makePdf({ pages: 30, text: (n) => `Page ${n} of the quarterly report` });
    await attach(page, [{ name: 'report.pdf', mimeType: 'application/pdf', buffer: pdf }]);
    await chips(page).getByText(/^report\.pdf · 30 pages · ~\d+ tokens$/).waitFor({ timeout: 30_000 });
    // Dropped on the chat: the composer takes it, transcription does not.
    const docx = await makeDocx(['Minutes of the board meeting.', 'The budget was approved.']);
    await drop(page, 'minutes.docx', docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    await chips(page).getByText(/^minutes\.docx · .+ · ~\d+ tokens$/).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('heading', { name: 'Transcription' }).count()).toBe(0);
    await screenshot(page, 'chat-documents');
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'chat-documents-800');
    await page.setViewportSize({ width: 1100, height: 800 });

    fake.chat.next({ reply: 'Read both.' });
    await send(page, 'Summarise these');
    await expect.poll(async () => (await settled(page)).innerText()).toContain('Read both.');
    const sent = JSON.stringify(lastRequestBody(fake));
    for (const page of [1, 15, 30]) expect(sent).toContain(`Page ${page} of the quarterly report`);
    expect(sent).toContain('Minutes of the board meeting.');
    expect(sent).toContain('Summarise these');
    await chips(page).waitFor({ state: 'detached' });

    // The documents go with the conversation's next request too.
    fake.chat.next({ reply: 'Still with you.' });
    await send(page, 'And the budget?');
    await expect.poll(async () => (await settled(page)).innerText()).toContain('Still with you.');
    expect(JSON.stringify(lastRequestBody(fake))).toContain('The budget was approved.');
  });

  it('names what a drop will do while the chat shows: documents to attach, recordings to transcribe', async () => {
    const { page } = s;
    const leave = await dragOverWindow(page, ['application/pdf']);
    await page.getByText('Drop to attach to this chat', { exact: true }).waitFor();
    expect(await page.getByText('Drop to transcribe', { exact: true }).count()).toBe(0);
    await screenshot(page, 'chat-drop-overlay');
    await leave();
    await page.getByText('Drop to attach to this chat', { exact: true }).waitFor({ state: 'detached' });
    // Both kinds at once: each goes its own way, and the overlay says both.
    const leaveBoth = await dragOverWindow(page, ['application/pdf', 'audio/wav']);
    await page.getByText('Drop to attach to this chat', { exact: true }).waitFor();
    await page.locator('.drop-overlay').getByText(/^(Drop to transcribe|Transcription is a Pro feature)$/).waitFor();
    await leaveBoth();
  });

  it('refuses a PDF page-count bomb by name, in bounded time, and keeps nothing of it', async () => {
    const { page } = s;
    const bomb = makePdf({ pages: 20_000, sharedContent: true });
    const started = Date.now();
    await attach(page, [{ name: 'bomb.pdf', mimeType: 'application/pdf', buffer: bomb }]);
    await page.getByText('bomb.pdf has 20,000 pages; Confab reads up to 500. Attach the pages you need as a shorter PDF.').waitFor({ timeout: 60_000 });
    expect(Date.now() - started).toBeLessThan(60_000);
    await screenshot(page, 'chat-document-refused');
    expect(await readdir(join(s.dataDir, 'staging'))).toEqual([]);
    // Only the two documents sent above are held.
    expect((await readdir(join(s.dataDir, 'held'))).filter((name) => name.endsWith('.txt'))).toHaveLength(2);
  });

  it('logged no error on the way', () => {
    expect(s.errors).toEqual([]);
  });
});
