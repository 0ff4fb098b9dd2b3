import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { launchChromium, screenshot } from '../support/browser';
import { newChat, send, settled, useKey } from '../support/chat';
import { type Session, openSession } from '../support/history-app';
import { removeFolder } from '../support/temp-folder';

// The documents a Send carried stay on the sent message (main links them to it): after a reload
// and a restart, with Save as file writing the extracted text; "Send the beginning" of one too
// long for the model sticks to it, says so on its chip, and can be undone there. An edited message
// shows the same chips; a conversation branched from it carries the text its chips show.
let browser: Browser;
let fake: FakeService;
let s: Session;
let files: string;

beforeAll(async () => {
  fake = await startFakeService();
  browser = await launchChromium();
  s = await openSession(browser, { APP_BASE_URL: fake.baseUrl });
  files = await mkdtemp(join(tmpdir(), 'confab-sent-items-'));
  await useKey(s.page, fake.keys.pro);
});

afterAll(async () => {
  await s?.close();
  await browser?.close();
  await fake?.close();
  if (files) await removeFolder(files);
});

type Body = { messages: Array<{ role: string; content: string }> };
const answered = () =>
  fake.requests.filter((r) => r.path.startsWith('/v1/chat/completions') && r.status === 200 && (r.body as Body).messages.length > 1).map((r) => r.body as Body);
const attach = (page: Page, name: string, text: string) =>
  page.locator('input[type=file][aria-label="Attach files"]').setInputFiles([{ name, mimeType: 'text/plain', buffer: Buffer.from(text) }]);
const open = (page: Page, title: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: title, exact: true }).click();
const sentChips = (page: Page) => page.getByRole('group', { name: 'Attached to this message' });

describe('documents on the sent message', () => {
  it('shows the chip after Send, after a reload and after a restart, and saves the text as a file', async () => {
    const { page } = s;
    const minutes = 'Minutes of the harbour board.\nThe new pier was approved.\nThe ferry keeps its timetable.\n';
    await attach(page, 'minutes.md', minutes);
    await page.getByRole('group', { name: 'Attached to your next message' }).getByText(/^minutes\.md · 3 lines · ~\d+ tokens$/).waitFor({ timeout: 30_000 });
    fake.chat.next({ reply: 'The pier was approved.' });
    await send(page, 'What was decided?');
    await (await settled(page)).getByText('The pier was approved.').waitFor();
    const chip = /^minutes\.md · 3 lines · ~\d+ tokens$/;
    await sentChips(page).getByText(chip).waitFor();
    await screenshot(page, 'chat-documents-sent');
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'chat-documents-sent-800');
    await page.setViewportSize({ width: 1100, height: 800 });

    await page.reload();
    await open(page, 'What was decided?');
    await sentChips(page).getByText(chip).waitFor({ timeout: 30_000 });
    await s.restart();
    await open(s.page, 'What was decided?');
    await sentChips(s.page).getByText(chip).waitFor({ timeout: 30_000 });

    // Save as file: main writes the extracted text (the harness as a download).
    const [download] = await Promise.all([s.page.waitForEvent('download'), sentChips(s.page).getByRole('button', { name: 'Save as file… — minutes.md' }).click()]);
    expect(download.suggestedFilename()).toBe('minutes.txt');
    const path = join(files, 'minutes.txt');
    await download.saveAs(path);
    expect(await readFile(path, 'utf8')).toBe(minutes);
    await sentChips(s.page).getByRole('status').waitFor();
  });

  it('keeps "Send the beginning" for the next message, says so on the chip, and sends the whole again when undone', async () => {
    const { page } = s;
    fake.setContextTokens(3000);
    try {
      await newChat(page);
      const harbour = 'The harbour master wrote down every ship that came in that year. '.repeat(900);
      await attach(page, 'harbour.txt', harbour);
      await page.getByRole('group', { name: 'Attached to your next message' }).getByText(/^harbour\.txt · /).waitFor({ timeout: 30_000 });
      await send(page, 'Which ships came in?');
      const failed = await settled(page);
      fake.chat.next({ reply: 'Ships from the first part.' });
      await failed.getByRole('button', { name: 'Send the beginning of “harbour.txt”' }).click();
      await (await settled(page)).getByText('Ships from the first part.').waitFor();
      const cut = sentChips(page).getByText(/^harbour\.txt · 1 line · first [\d.]+K of [\d.]+K tokens$/);
      await cut.waitFor();
      await screenshot(page, 'chat-documents-first-part');
      await page.setViewportSize({ width: 800, height: 600 });
      await screenshot(page, 'chat-documents-first-part-800');
      await page.setViewportSize({ width: 1100, height: 800 });
      const part = answered().at(-1)!.messages.find((m) => m.content.includes('The harbour master'))!.content;

      // The next message carries the same beginning, not the whole text (which would fail again).
      fake.chat.next({ reply: 'More ships.' });
      await send(page, 'And after that?');
      await (await settled(page)).getByText('More ships.').waitFor();
      expect(answered().at(-1)!.messages.find((m) => m.content.includes('The harbour master'))!.content).toBe(part);

      await sentChips(page).getByRole('button', { name: 'Send whole' }).click();
      await sentChips(page).getByText(/^harbour\.txt · 1 line · ~[\d,]+ tokens$/).waitFor();
      expect(await sentChips(page).getByRole('button', { name: 'Send whole' }).count()).toBe(0);
      expect(s.errors).toEqual([]);
    } finally {
      fake.setContextTokens(null);
    }
  });

  it('shows the chips on an edited message, and a conversation branched from it sends their text', async () => {
    const { page } = s;
    await newChat(page);
    const agenda = 'Agenda of the harbour board.\nFirst the pier, then the ferry.\n';
    await attach(page, 'agenda.md', agenda);
    await page.getByRole('group', { name: 'Attached to your next message' }).getByText(/^agenda\.md · /).waitFor({ timeout: 30_000 });
    fake.chat.next({ reply: 'The pier and the ferry.' });
    await send(page, 'What is on the agenda?');
    await (await settled(page)).getByText('The pier and the ferry.').waitFor();

    const mine = page.getByRole('article', { name: 'Your message' });
    await mine.getByRole('button', { name: 'Edit message' }).click();
    const editor = page.getByRole('textbox', { name: 'Edited message' });
    await editor.fill('What comes first on the agenda?');
    fake.chat.next({ reply: 'The pier.' });
    await editor.press('Enter');
    await (await settled(page)).getByText('The pier.').waitFor();
    await mine.getByText('What comes first on the agenda?').waitFor();
    await sentChips(page).getByText(/^agenda\.md · 2 lines · ~\d+ tokens$/).waitFor();
    await screenshot(page, 'chat-documents-edited');

    await page.getByRole('article', { name: 'Reply' }).first().getByRole('button', { name: 'Branch from here' }).click();
    const listed = page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'What comes first on the agenda?', exact: true });
    await expect.poll(() => listed.count()).toBe(2);
    await sentChips(page).getByText(/^agenda\.md · /).waitFor();
    fake.chat.next({ reply: 'Then the ferry.' });
    await send(page, 'And after that?');
    await (await settled(page)).getByText('Then the ferry.').waitFor();
    expect(answered().at(-1)!.messages.some((m) => m.content.includes(agenda.trim()))).toBe(true);
    expect(s.errors).toEqual([]);
  });
});
