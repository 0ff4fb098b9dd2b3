import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../shared/domain/conversation';
import { startFakeService, type FakeService } from '../fake-service/server';
import { launchChromium, screenshot } from '../support/browser';
import { type Session, openSession } from '../support/history-app';
import { lastRequestBody, newChat, replies, send, settled, textOf, useKey } from '../support/chat';
import { removeFolder } from '../support/temp-folder';

// Branches instead of loss: editing a message mid-conversation keeps the old branch, one
// ‹ › away, after a restart, in an export and in search; Branch from here copies the path.

let browser: Browser;
let fake: FakeService;
let s: Session;
let files: string;

beforeAll(async () => {
  fake = await startFakeService();
  browser = await launchChromium();
  s = await openSession(browser, { APP_BASE_URL: fake.baseUrl });
  files = await mkdtemp(join(tmpdir(), 'confab-branches-'));
});

afterAll(async () => {
  await s?.close();
  await browser?.close();
  await fake?.close();
  if (files) await removeFolder(files);
});

const TITLE = 'Plan a trip to the lake';
const OLD = 'Somewhere with zeppelins';
const NEW = 'Somewhere warm instead';
const AFTER = 'And after the museum?';

const sidebar = () => s.page.getByRole('navigation', { name: 'Sections' });
const mine = () => s.page.getByRole('article', { name: 'Your message' });
const branches = () => s.page.getByRole('group', { name: 'Branches at this message' });
const texts = async () => (await s.page.getByTestId('message-text').allInnerTexts()).map((text) => text.trim());

async function chat(text: string, reply: string) {
  fake.chat.next({ reply });
  await send(s.page, text);
  expect(await textOf(await settled(s.page))).toBe(reply);
}

async function exported(format: 'Markdown' | 'JSON', title = TITLE): Promise<string> {
  const item = sidebar().getByRole('listitem').filter({ has: s.page.getByRole('button', { name: title, exact: true }) });
  await item.getByRole('button', { name: 'Conversation actions' }).click();
  const [started] = await Promise.all([
    s.page.waitForEvent('download'),
    s.page.getByRole('menu', { name: `Actions for ${title}` }).getByRole('menuitem', { name: `Export as ${format}` }).click(),
  ]);
  const path = join(files, started.suggestedFilename());
  await started.saveAs(path);
  return readFile(path, 'utf8');
}

describe('chat branches', () => {
  it('edits a message mid-conversation as a new branch; the old one stays one ‹ › away', async () => {
    const { page } = s;
    await useKey(page, fake.keys.pro);
    await chat(TITLE, 'Which lake?');
    await chat(OLD, 'Lake Constance: Friedrichshafen has the museum.');
    await chat(AFTER, 'Take the ferry to Meersburg.');

    await mine().nth(1).getByRole('button', { name: 'Edit message' }).click();
    await page.getByText('Sending starts a new branch here. The old version and everything after it stay').waitFor();
    expect(await page.getByText(/Sending replaces/).count()).toBe(0);
    const editor = page.getByRole('textbox', { name: 'Edited message' });
    await editor.fill(NEW);
    fake.chat.next({ reply: 'Lake Garda, then.' });
    await editor.press('Enter');
    await settled(page);
    await expect.poll(texts).toEqual([TITLE, 'Which lake?', NEW, 'Lake Garda, then.']);
    expect(lastRequestBody(fake).messages).toEqual([
      { role: 'user', content: TITLE },
      { role: 'assistant', content: 'Which lake?' },
      { role: 'user', content: NEW },
    ]);
    await branches().getByText('2 of 2').waitFor();
    await screenshot(page, 'chat-branches');
    await page.setViewportSize({ width: 800, height: 600 });
    await branches().getByText('2 of 2').waitFor();
    await screenshot(page, 'chat-branches-800x600');
    await page.setViewportSize({ width: 1100, height: 800 });

    await branches().getByRole('button', { name: 'Previous branch' }).click();
    await expect.poll(texts).toEqual([TITLE, 'Which lake?', OLD, 'Lake Constance: Friedrichshafen has the museum.', AFTER, 'Take the ferry to Meersburg.']);
    await branches().getByText('1 of 2').waitFor();
    await branches().getByRole('button', { name: 'Next branch' }).click();
    await expect.poll(texts).toEqual([TITLE, 'Which lake?', NEW, 'Lake Garda, then.']);
  });

  it('keeps both branches after a restart, and the one shown', async () => {
    await s.restart();
    await sidebar().getByRole('button', { name: TITLE, exact: true }).click();
    await expect.poll(texts).toEqual([TITLE, 'Which lake?', NEW, 'Lake Garda, then.']);
    await branches().getByRole('button', { name: 'Previous branch' }).click();
    await expect.poll(texts).toContain(AFTER);
  });

  it('exports every branch, the old one marked as such', async () => {
    const markdown = await exported('Markdown');
    for (const part of [TITLE, OLD, AFTER, NEW, 'Take the ferry to Meersburg.', '## Other branch 1 (after “Which lake?”)']) expect(markdown).toContain(part);
    const json = JSON.parse(await exported('JSON')) as { conversation: Conversation };
    const all = [...json.conversation.messages, ...(json.conversation.otherBranches ?? [])].map((m) => m.content);
    expect(all).toEqual(expect.arrayContaining([OLD, AFTER, NEW]));
  });

  it('finds a word only in the branch not shown, and opens that branch at it', async () => {
    const { page } = s;
    await branches().getByRole('button', { name: 'Next branch' }).click();
    await expect.poll(texts).not.toContain(AFTER);
    await page.keyboard.press('Control+K');
    await page.keyboard.type('meersburg');
    const hit = sidebar().getByRole('list', { name: 'Search results' }).getByRole('button').filter({ hasText: 'Meersburg' });
    await hit.click();
    await page.locator('[data-highlighted]').getByText('Take the ferry to Meersburg.').waitFor();
    await expect.poll(texts).toContain(OLD);
    await page.getByRole('searchbox', { name: 'Search conversations and transcripts' }).focus();
    await page.keyboard.press('Escape');
  });

  it('branches from a reply into a new conversation holding the messages up to it', async () => {
    const { page } = s;
    await sidebar().getByRole('button', { name: TITLE, exact: true }).first().click();
    await page.getByRole('article', { name: 'Reply' }).first().getByRole('button', { name: 'Branch from here' }).click();
    await expect.poll(() => sidebar().getByRole('button', { name: TITLE, exact: true }).count()).toBe(2);
    await expect.poll(texts).toEqual([TITLE, 'Which lake?']);
    await chat('Pick one for me', 'Lake Bled.');
    await expect.poll(texts).toEqual([TITLE, 'Which lake?', 'Pick one for me', 'Lake Bled.']);
  });
});

describe('Retry on a user message', () => {
  const RIVER = 'Name a river for the picnic';
  const SHADE = 'Which bank is shadier?';
  const OLD_REPLY = 'The left bank, in the morning.';
  const NEW_REPLY = 'The right bank, after three.';
  const BAKERY = 'Try the Steinbäckerei by the bridge.';
  const replyBranches = () => replies(s.page).nth(1).getByRole('group', { name: 'Branches at this message' });

  it('answers a message mid-conversation again as a new branch, from the keyboard; the old reply and all after it stay one ‹ › away', async () => {
    const { page } = s;
    await useKey(page, fake.keys.pro);
    await newChat(page);
    await chat(RIVER, 'The Rhine.');
    await chat(SHADE, OLD_REPLY);
    await chat('And a bakery near it?', BAKERY);

    const retry = mine().nth(1).getByRole('button', { name: 'Retry this message' });
    expect(await mine().first().getByRole('button', { name: 'Retry this message' }).isVisible()).toBe(true);
    await retry.focus();
    fake.chat.next({ reply: NEW_REPLY });
    await page.keyboard.press('Enter');
    await settled(page);
    await expect.poll(texts).toEqual([RIVER, 'The Rhine.', SHADE, NEW_REPLY]);
    expect(lastRequestBody(fake).messages).toEqual([
      { role: 'user', content: RIVER },
      { role: 'assistant', content: 'The Rhine.' },
      { role: 'user', content: SHADE },
    ]);
    await replyBranches().getByText('2 of 2').waitFor();
    await screenshot(page, 'chat-retry-branch');
    await page.setViewportSize({ width: 800, height: 600 });
    await replyBranches().getByText('2 of 2').waitFor();
    // The message's own tools show while one has the focus: all of them in the row at the narrowest window.
    await mine().nth(1).getByRole('button', { name: 'Retry this message' }).focus();
    await screenshot(page, 'chat-retry-branch-800x600');
    await page.setViewportSize({ width: 1100, height: 800 });
  });

  it('keeps both branches after a reload, and exports both', async () => {
    const { page } = s;
    await page.reload();
    await sidebar().getByRole('button', { name: RIVER, exact: true }).click();
    await expect.poll(texts).toEqual([RIVER, 'The Rhine.', SHADE, NEW_REPLY]);
    await replyBranches().getByRole('button', { name: 'Previous branch' }).click();
    await expect.poll(texts).toEqual([RIVER, 'The Rhine.', SHADE, OLD_REPLY, 'And a bakery near it?', BAKERY]);
    await replyBranches().getByText('1 of 2').waitFor();
    await replyBranches().getByRole('button', { name: 'Next branch' }).click();
    await expect.poll(texts).toEqual([RIVER, 'The Rhine.', SHADE, NEW_REPLY]);

    const markdown = await exported('Markdown', RIVER);
    expect(markdown.indexOf(NEW_REPLY)).toBeLessThan(markdown.indexOf(`## Other branch 1 (after “${SHADE}”)`));
    for (const part of [OLD_REPLY, 'And a bakery near it?', BAKERY]) expect(markdown.indexOf(part)).toBeGreaterThan(markdown.indexOf('## Other branch 1'));
  });
});
