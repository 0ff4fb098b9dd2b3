import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { launchChromium, screenshot } from '../support/browser';
import { type Session, openSession } from '../support/history-app';
import { newChat, send, settled, useKey } from '../support/chat';

// Keeping the list in order: rename, pin, delete with and without Undo, from the mouse and
// from the keyboard; and what of it is still there after a restart.

let browser: Browser;
let fake: FakeService;
let s: Session;

const APPLES = 'Apples are crunchy';
const BANANAS = 'Bananas are soft';
const CHERRIES = 'Cherries are small';

beforeAll(async () => {
  fake = await startFakeService();
  browser = await launchChromium();
  s = await openSession(browser, { APP_BASE_URL: fake.baseUrl });
});

afterAll(async () => {
  await s?.close();
  await browser?.close();
  await fake?.close();
});

const sidebar = () => s.page.getByRole('navigation', { name: 'Sections' });
const item = (title: string) =>
  sidebar().getByRole('listitem').filter({ has: s.page.getByRole('button', { name: title, exact: true }) });
const toast = () => sidebar().getByRole('status').filter({ hasText: 'Deleted' });

/** The titles in one of the sidebar's lists ("Chats" or "Pinned"), top to bottom. */
async function titles(list: 'Chats' | 'Pinned'): Promise<string[]> {
  const items = await sidebar().getByRole('list', { name: list, exact: true }).getByRole('listitem').all();
  return Promise.all(items.map((entry) => entry.getByRole('button').first().innerText()));
}

async function choose(title: string, action: string) {
  await item(title).getByRole('button', { name: 'Conversation actions' }).click();
  await s.page.getByRole('menu', { name: `Actions for ${title}` }).getByRole('menuitem', { name: action }).click();
}

describe('managing conversations', () => {
  it('lists conversations newest first', async () => {
    await useKey(s.page, fake.keys.pro);
    for (const said of [APPLES, BANANAS, CHERRIES]) {
      await newChat(s.page);
      await send(s.page, said);
      await settled(s.page);
    }
    expect(await titles('Chats')).toEqual([CHERRIES, BANANAS, APPLES]);
  });

  it('renames inline: the schema’s messages for a bad title, Esc cancels, Enter saves', async () => {
    const { page } = s;
    await item(APPLES).getByRole('button', { name: APPLES }).click();
    await page.getByRole('heading', { name: APPLES }).waitFor();
    await choose(APPLES, 'Rename');
    const field = sidebar().getByRole('textbox', { name: 'Conversation title' });
    expect(await field.inputValue()).toBe(APPLES);
    await field.fill('   ');
    await field.press('Enter');
    await sidebar().getByRole('alert').getByText('A title cannot be empty.').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'history-rename-invalid');
    await field.fill('x'.repeat(201));
    await field.press('Enter');
    await sidebar().getByRole('alert').getByText('Keep the title under 200 characters.').waitFor();
    await field.press('Escape');
    await item(APPLES).waitFor();

    await choose(APPLES, 'Rename');
    await field.fill('Fruit notes');
    await field.press('Enter');
    await item('Fruit notes').waitFor();
    expect(await item(APPLES).count()).toBe(0);
    // The open conversation's header follows, and the focus is back on the item.
    await page.getByRole('heading', { name: 'Fruit notes' }).waitFor();
    expect(await item('Fruit notes').getByRole('button', { name: 'Fruit notes' }).evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('pins a conversation on top, in its own group, and unpins it', async () => {
    const { page } = s;
    await choose(BANANAS, 'Pin to top');
    expect(await titles('Pinned')).toEqual([BANANAS]);
    expect(await titles('Chats')).toEqual([CHERRIES, 'Fruit notes']);
    await choose(CHERRIES, 'Pin to top');
    expect(await titles('Pinned')).toEqual([CHERRIES, BANANAS]);
    await page.emulateMedia({ colorScheme: 'light' });
    await screenshot(page, 'history-sidebar-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'history-sidebar-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await choose(CHERRIES, 'Unpin');
    expect(await titles('Pinned')).toEqual([BANANAS]);
    expect(await titles('Chats')).toEqual([CHERRIES, 'Fruit notes']);
  });

  it('deletes from the keyboard, and Undo (focused, so Enter is enough) brings it back in place', async () => {
    const { page } = s;
    await item(CHERRIES).getByRole('button', { name: 'Conversation actions' }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: `Actions for ${CHERRIES}` });
    await menu.waitFor();
    const focused = (name: string) => menu.getByRole('menuitem', { name }).evaluate((el) => el === document.activeElement);
    await expect.poll(() => focused('Rename')).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await focused('Pin to top')).toBe(true);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await focused('Delete')).toBe(true);
    await page.keyboard.press('Home');
    await page.keyboard.press('End');
    expect(await focused('Delete')).toBe(true);
    await page.keyboard.press('Enter');

    await toast().getByText(`Deleted “${CHERRIES}”.`).waitFor();
    expect(await item(CHERRIES).count()).toBe(0);
    const undo = toast().getByRole('button', { name: 'Undo' });
    expect(await undo.evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, 'history-undo-toast');
    await page.keyboard.press('Enter');
    await item(CHERRIES).waitFor();
    expect(await titles('Chats')).toEqual([CHERRIES, 'Fruit notes']);
    expect(await toast().count()).toBe(0);
    // The focus lands on what came back, not on the page's body.
    await expect
      .poll(() => item(CHERRIES).getByRole('button', { name: CHERRIES }).evaluate((el) => el === document.activeElement))
      .toBe(true);
  });

  it('deletes with the mouse; without Undo the toast goes after a few seconds', async () => {
    await choose('Fruit notes', 'Delete');
    await toast().getByRole('button', { name: 'Undo' }).waitFor();
    expect(await item('Fruit notes').count()).toBe(0);
    await expect.poll(() => toast().count(), { timeout: 12_000, interval: 500 }).toBe(0);
    expect(await titles('Chats')).toEqual([CHERRIES]);
    // The deleted conversation was the open one: the app moved to a new chat.
    await s.page.getByRole('heading', { name: 'New chat' }).waitFor();
  });

  it('after a restart: the rename and pin kept, the deleted conversation gone, even from search', async () => {
    await s.restart();
    // The lists come from main after the screen shows.
    await expect.poll(() => titles('Pinned')).toEqual([BANANAS]);
    expect(await titles('Chats')).toEqual([CHERRIES]);
    const search = sidebar().getByRole('searchbox', { name: 'Search conversations and transcripts' });
    await search.fill('crunchy');
    await sidebar().getByRole('status').getByText('No matches for “crunchy”.').waitFor();
    await search.fill('bananas');
    await sidebar().getByRole('list', { name: 'Search results' }).getByRole('button').filter({ hasText: BANANAS }).first().waitFor();
  });

  it('logged no error on the way', () => {
    expect(s.errors).toEqual([]);
  });
});
