import { mkdtemp, open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../shared/domain/conversation';
import { type HistoryStore, createHistoryStore } from '../../electron/core/services/history/history-store';
import { launchChromium, screenshot } from '../support/browser';
import { conversation, damage } from '../support/damaged-history';
import { type Session, openSession } from '../support/history-app';
import { removeFolder } from '../support/temp-folder';

// The history file damaged while Confab was closed, as a failing disk does, found by the first
// query that reads the damaged page: main repairs it in place while the app runs, and the views
// that met the repair (the sidebar's list, a search typed meanwhile) show the history again by
// themselves, without a reload or typing again.

const COUNT = 60;
let browser: Browser;
let s: Session | undefined;
let dataDir: string | undefined;

// Dated as a real history is (the helper's own dates are near 1970), a minute apart.
const at = (n: number) => Date.parse('2026-03-02T09:00:00Z') + n * 60_000;
const dated = (written: Conversation, n: number): Conversation => ({
  ...written,
  createdAt: at(n),
  updatedAt: at(n),
  messages: written.messages.map((message, m) => ({ ...message, createdAt: at(n) + m })),
});

/** A history an earlier run wrote (the app stopped), in a data folder of its own; `more` adds to it. */
async function writtenHistory(more: (store: HistoryStore) => void = () => undefined): Promise<string> {
  dataDir = await mkdtemp(join(tmpdir(), 'confab-repair-'));
  const store = createHistoryStore(join(dataDir, 'history.sqlite'));
  for (let n = 0; n < COUNT; n++) store.insertWhole(dated(conversation(n), n));
  more(store);
  store.close();
  return join(dataDir, 'history.sqlite');
}

/** A data folder whose history is damaged in `table` (the app stopped). */
async function damagedDataDir(table: string, which: 'root' | 'every'): Promise<string> {
  await damage(await writtenHistory(), table, which);
  return dataDir!;
}

const LONG = 300;
const longMessage = (m: number) => `Message ${m} of the long conversation: ${'a paragraph of the minutes, kept word for word. '.repeat(20)}`;

/**
 * A long conversation written last, and one page of its messages among its last hundred (what
 * opening it reads) overwritten, not its newest (what the sidebar reads): the open meets the damage.
 */
async function longConversationDamaged(): Promise<string> {
  const path = await writtenHistory((store) => {
    const long = dated(conversation(COUNT), COUNT);
    long.title = 'The long conversation';
    long.messages = Array.from({ length: LONG }, (_, m) => ({ ...long.messages[m % 2]!, id: `long-m${m}`, content: longMessage(m) }));
    store.insertWhole(long);
  });
  const db = new DatabaseSync(path);
  const pageSize = Number((db.prepare('PRAGMA page_size').get() as { page_size: number }).page_size);
  const leaves = (db.prepare(`SELECT pageno FROM dbstat WHERE name = 'messages' AND pagetype = 'leaf' ORDER BY path`).all() as { pageno: number }[]).map((row) => row.pageno);
  db.close();
  const file = await open(path, 'r+');
  await file.write(Buffer.alloc(pageSize, 0xa7), 0, pageSize, (leaves.at(-8)! - 1) * pageSize);
  await file.close();
  return dataDir!;
}

beforeAll(async () => {
  browser = await launchChromium();
});

afterEach(async () => {
  await s?.close();
  if (dataDir) await removeFolder(dataDir);
  s = undefined;
  dataDir = undefined;
});

afterAll(async () => {
  await browser?.close();
});

const sidebar = () => s!.page.getByRole('navigation', { name: 'Sections' });
const listed = (title: string) => sidebar().getByRole('button', { name: title, exact: true });

describe('a history repaired while Confab runs', () => {
  it('lists the conversations again by itself once the repair of a lost messages root page ends', async () => {
    s = await openSession(browser, { APP_DATA_DIR: await damagedDataDir('messages', 'root') });
    // The first list met the damage; the repair's end reloads it, without a reload of the page.
    await listed(`Conversation ${COUNT - 1}`).waitFor();
    await listed('Conversation 0').waitFor();
    const notice = s.page.getByText('Confab found damage in your history file and repaired it', { exact: false });
    await notice.waitFor();
    await screenshot(s.page, 'history-repaired-sidebar');
    // The page scan brought every message back: each conversation opens with its messages.
    for (const n of [0, 7, COUNT - 1]) {
      await listed(`Conversation ${n}`).click();
      await s.page.getByRole('article', { name: 'Reply' }).getByText(`Message 9 of conversation ${n}:`).waitFor();
      await s.page.getByRole('article', { name: 'Your message' }).getByText(`Message 0 of conversation ${n}:`).waitFor();
    }
    await screenshot(s.page, 'history-repaired-conversation');

    // Read and dismissed, it is main's no more: a reload does not show it again.
    await s.page.getByRole('button', { name: 'Dismiss' }).click();
    await s.page.reload();
    await listed('Conversation 0').waitFor();
    expect(await notice.count()).toBe(0);
  });

  it('runs a search that met the repair again by itself, and shows its results', async () => {
    s = await openSession(browser, { APP_DATA_DIR: await damagedDataDir('messages_fts_data', 'every') });
    await listed(`Conversation ${COUNT - 1}`).waitFor();
    // The search is what reads the damaged full-text index: it meets the repair, and is not typed again.
    await sidebar().getByRole('searchbox', { name: 'Search conversations and transcripts' }).fill('quarterly');
    const hits = sidebar().getByRole('list', { name: 'Search results' }).getByRole('button');
    await hits.filter({ hasText: `Conversation ${COUNT - 1}` }).first().waitFor();
    await screenshot(s.page, 'history-repaired-search');
  });

  it('opens a conversation whose opening met the repair by itself once the repair ends', async () => {
    s = await openSession(browser, { APP_DATA_DIR: await longConversationDamaged() });
    await listed('The long conversation').click();
    // Opening it reads the damaged page: the repair runs, and its end opens what the user asked for, no click again.
    await s.page.getByText('Confab found damage in your history file and repaired it', { exact: false }).waitFor();
    await s.page.getByRole('article', { name: 'Reply' }).getByText(`Message ${LONG - 1} of the long conversation:`).waitFor();
    await screenshot(s.page, 'history-repaired-open-conversation');
  });
});
