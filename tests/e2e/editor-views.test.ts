import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHistoryStore } from '../../electron/core/services/history/history-store';
import { launchChromium, openFirstScreen, screenshot } from '../support/browser';
import { type Session, openSession } from '../support/history-app';
import { editRow, row, rowsText, savedDocument, putSpokenMeeting } from '../support/transcript-editor';
import { sidebar } from '../support/transcription';

// Two windows of one Confab (two tabs of the harness) on one transcript and one history: what
// one does shows in the other without a reload, and typing that met the other's change in the
// same row is kept and offered back, never silently dropped or written over the other's.

const TITLE = 'Bridge budget';

let browser: Browser;
let dataDir: string;
let s: Session;
let other: BrowserContext;
let a: Page;
let b: Page;
/** Edits window B sends while held back (a slow connection): its typing reaches main after A's. */
let holdEdits = false;
const held: Array<() => void> = [];

function seed(dir: string) {
  const store = createHistoryStore(join(dir, 'history.sqlite'));
  putSpokenMeeting(store);
  const options = { model: 'pro', temperature: 0.7, maxTokens: 256, stream: true };
  store.create({ id: 'conv-1', title: TITLE, systemPrompt: '', options, pinned: false, createdAt: Date.now(), updatedAt: Date.now() });
  store.close();
}

async function openTheEditor(page: Page) {
  await sidebar(page).getByRole('button', { name: 'meeting.mp3' }).click();
  await page.getByRole('button', { name: 'Edit transcript' }).click();
  await page.getByRole('heading', { name: 'Edit: meeting.mp3' }).waitFor();
}

/** Where the edits stand, as the editor's toolbar says. */
const status = (page: Page) => page.getByRole('toolbar', { name: 'Editing' }).getByRole('status');

const savedRow = (n: number) => savedDocument(dataDir)?.blocks[n - 1]?.words.join(' ');

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'confab-views-'));
  seed(dataDir);
  browser = await launchChromium();
  s = await openSession(browser, { APP_DATA_DIR: dataDir });
  a = s.page;
  other = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  // B's bridge passes through a route that can hold its edits back.
  await other.routeWebSocket(/\/bridge/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => {
      const send = () => server.send(message);
      if (holdEdits && typeof message === 'string' && message.includes('"transcriptEditor:edit"')) held.push(send);
      else send();
    });
    server.onMessage((message) => socket.send(message));
  });
  b = await other.newPage();
  await openFirstScreen(b, s.app.url, (page) => page.getByRole('heading', { name: 'New chat' }).waitFor());
});

afterAll(async () => {
  await other?.close();
  await s?.close();
  await browser?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('two windows on one transcript', () => {
  it('shows an edit made in one window in the other without a reload', async () => {
    await openTheEditor(a);
    await openTheEditor(b);
    await editRow(a, 1);
    await row(a, 1).fill('Bilal asked Anna about the bridge.');
    await expect.poll(() => savedRow(1)).toBe('Bilal asked Anna about the bridge.');
    await expect.poll(() => rowsText(b)).toContain('Bilal asked Anna about the bridge.');
  });

  it('keeps typing that met the other window’s change in its row, and saves it only when chosen', async () => {
    // B starts on row 2 and types; its typing is on its way when A changes the same row.
    await editRow(b, 2);
    holdEdits = true;
    await row(b, 2).fill('Anna said the steel came in late.');
    await expect.poll(() => held.length).toBe(1);
    await editRow(a, 2);
    await row(a, 2).fill('Anna said the steel arrived late.');
    await expect.poll(() => savedRow(2)).toBe('Anna said the steel arrived late.');
    // B's typing reaches main, made on the version before A's change (which B has heard by then).
    holdEdits = false;
    for (const send of held.splice(0)) send();

    const notice = b.getByRole('alert').filter({ hasText: 'Row 2 was changed in another window or tab' });
    await notice.waitFor();
    await notice.getByText('Anna said the steel came in late.').waitFor();
    // B's row was not changed under its caret: it still reads what B typed.
    expect(await row(b, 2).inputValue()).toBe('Anna said the steel came in late.');
    await notice.getByRole('button', { name: 'Copy what you typed' }).waitFor();
    // Nothing written over: A's words are what is saved, and A's window still shows them.
    expect(savedRow(2)).toBe('Anna said the steel arrived late.');
    await expect.poll(() => row(a, 2).inputValue()).toBe('Anna said the steel arrived late.');
    await b.setViewportSize({ width: 800, height: 600 });
    await screenshot(b, 'editor-views-conflict');

    // "Use mine" saves B's words over A's, on purpose; A's window follows.
    await notice.getByRole('button', { name: 'Use mine' }).click();
    await expect.poll(() => savedRow(2)).toBe('Anna said the steel came in late.');
    await expect.poll(() => row(a, 2).inputValue()).toBe('Anna said the steel came in late.');
    expect(await row(b, 2).inputValue()).toBe('Anna said the steel came in late.');
    for (const page of [a, b]) await status(page).filter({ hasText: 'All edits saved' }).waitFor();
    expect(await b.getByRole('alert').filter({ hasText: 'was changed in another window' }).count()).toBe(0);
    await b.setViewportSize({ width: 1100, height: 800 });
  });

  it('gives the second of two typists in one row the conflict, never their row changed under the caret, until they choose', async () => {
    await editRow(a, 1);
    await editRow(b, 1);
    const before = await row(a, 1).inputValue();
    // B types at the end of the row; its typing is on its way while A types in the same row.
    holdEdits = true;
    await row(b, 1).press('End');
    await b.keyboard.type(' B was here');
    await expect.poll(() => held.length).toBe(1);
    await row(a, 1).press('End');
    await a.keyboard.type(' A was here');
    await expect.poll(() => savedRow(1)).toBe(`${before} A was here`);
    await status(a).filter({ hasText: 'All edits saved' }).waitFor();
    // B's typing reaches main after A's change, which B has heard by then.
    holdEdits = false;
    for (const send of held.splice(0)) send();

    const notice = b.getByRole('alert').filter({ hasText: 'Row 1 was changed in another window or tab' });
    await notice.getByText(`${before} B was here`).waitFor();
    await status(b).filter({ hasText: 'Not saved: changed in another window' }).waitFor();
    // B's row was not changed under its caret: it reads what B typed, A's window what A typed.
    expect(await row(b, 1).inputValue()).toBe(`${before} B was here`);
    expect(await row(a, 1).inputValue()).toBe(`${before} A was here`);
    // B types on: nothing is saved over A's words, and the notice keeps the whole of what B typed.
    await row(b, 1).press('End');
    await b.keyboard.type(' again');
    await notice.getByText(`${before} B was here again`).waitFor();
    expect(await row(b, 1).inputValue()).toBe(`${before} B was here again`);
    expect(savedRow(1)).toBe(`${before} A was here`);
    expect(await row(a, 1).inputValue()).toBe(`${before} A was here`);
    await b.setViewportSize({ width: 800, height: 600 });
    await screenshot(b, 'editor-views-two-typists');
    await b.setViewportSize({ width: 1100, height: 800 });
    await row(b, 1).scrollIntoViewIfNeeded();
    await screenshot(b, 'editor-views-two-typists-row');

    // Keeping theirs: B's row shows A's words, both windows read the same, and all is saved.
    await notice.getByRole('button', { name: 'Keep theirs' }).click();
    await expect.poll(() => row(b, 1).inputValue()).toBe(`${before} A was here`);
    await status(b).filter({ hasText: 'All edits saved' }).waitFor();
    expect(await b.getByRole('alert').filter({ hasText: 'was changed in another window' }).count()).toBe(0);
    expect(savedRow(1)).toBe(`${before} A was here`);
    expect(await row(a, 1).inputValue()).toBe(`${before} A was here`);
  });

  it('gives two pages typing in one row at once one conflict: the second writer’s, whoever it is, and “Use mine” leaves both reading it', async () => {
    await editRow(a, 2);
    await editRow(b, 2);
    const before = await row(a, 2).inputValue();
    const typed = { a: ' and page A typed this at the same time', b: ' and page B typed this at the same time' };
    await row(a, 2).press('End');
    await row(b, 2).press('End');
    // Longer than a send's wait (800 ms at most), so each page sends while the other types.
    await Promise.all([a.keyboard.type(typed.a, { delay: 30 }), b.keyboard.type(typed.b, { delay: 30 })]);

    const conflict = (page: Page) => page.getByRole('alert').filter({ hasText: 'Row 2 was changed in another window or tab' });
    await expect.poll(async () => (await conflict(a).count()) + (await conflict(b).count())).toBe(1);
    const [second, first] = (await conflict(a).count()) ? [a, b] : [b, a];
    const mine = `${before}${second === a ? typed.a : typed.b}`;
    const theirs = `${before}${first === a ? typed.a : typed.b}`;
    // The first writer's words are saved; the second keeps its own in its row and in the notice.
    await expect.poll(() => savedRow(2)).toBe(theirs);
    await conflict(second).getByText(mine).waitFor();
    expect(await row(second, 2).inputValue()).toBe(mine);
    await expect.poll(() => row(first, 2).inputValue()).toBe(theirs);
    await status(first).filter({ hasText: 'All edits saved' }).waitFor();
    await status(second).filter({ hasText: 'Not saved: changed in another window' }).waitFor();

    await conflict(second).getByRole('button', { name: 'Use mine' }).click();
    await expect.poll(() => savedRow(2)).toBe(mine);
    for (const page of [a, b]) {
      await expect.poll(() => row(page, 2).inputValue()).toBe(mine);
      await status(page).filter({ hasText: 'All edits saved' }).waitFor();
    }
  });

  it('says in the other window’s editor that the transcript was deleted, and lists it no more', async () => {
    await editRow(b, 1);
    await a.getByRole('button', { name: 'Back to the transcript' }).click();
    await a.getByRole('button', { name: 'Delete meeting.mp3' }).click();
    await a.getByRole('button', { name: 'Yes, delete' }).click();
    await b.getByRole('alert').filter({ hasText: 'This transcript has been deleted (in this or another window or tab)' }).waitFor();
    await expect.poll(() => sidebar(b).getByRole('button', { name: 'meeting.mp3' }).count()).toBe(0);
    await screenshot(b, 'editor-views-transcript-deleted');
  });

  it('takes a conversation deleted in one window out of the other’s sidebar, and says so where it was open', async () => {
    const chats = (page: Page) => sidebar(page).getByRole('button', { name: TITLE, exact: true });
    await chats(b).click();
    await b.getByRole('heading', { name: TITLE }).waitFor();
    const item = sidebar(a).getByRole('listitem').filter({ has: a.getByRole('button', { name: TITLE, exact: true }) });
    await item.getByRole('button', { name: 'Conversation actions' }).click();
    await a.getByRole('menu', { name: `Actions for ${TITLE}` }).getByRole('menuitem', { name: 'Delete' }).click();
    await expect.poll(() => chats(b).count()).toBe(0);
    await b.getByRole('alert').filter({ hasText: `The conversation “${TITLE}” was deleted in another window or tab.` }).waitFor();
    await b.getByRole('heading', { name: 'New chat' }).waitFor();
    await screenshot(b, 'editor-views-conversation-deleted');
    expect(s.errors).toEqual([]);
  });
});
