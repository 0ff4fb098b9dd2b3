import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHistoryStore } from '../../electron/core/services/history/history-store';
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

/** A data folder whose history an earlier run wrote, then damaged in `table` (the app stopped). */
async function damagedDataDir(table: string, which: 'root' | 'every'): Promise<string> {
  dataDir = await mkdtemp(join(tmpdir(), 'confab-repair-'));
  const path = join(dataDir, 'history.sqlite');
  const store = createHistoryStore(path);
  // Dated as a real history is (the helper's own dates are near 1970), a minute apart.
  const at = (n: number) => Date.parse('2026-03-02T09:00:00Z') + n * 60_000;
  for (let n = 0; n < COUNT; n++) {
    const written = conversation(n);
    store.insertWhole({ ...written, createdAt: at(n), updatedAt: at(n), messages: written.messages.map((message, m) => ({ ...message, createdAt: at(n) + m })) });
  }
  store.close();
  await damage(path, table, which);
  return dataDir;
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
});
