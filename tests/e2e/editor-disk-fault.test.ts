import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHistoryStore } from '../../electron/core/services/history/history-store';
import { launchChromium, screenshot } from '../support/browser';
import { type Session, openSession } from '../support/history-app';
import { editRow, row, savedDocument, putSpokenMeeting } from '../support/transcript-editor';
import { sidebar } from '../support/transcription';

// The history's files made immutable while Confab has them open (chattr +i, as a user or a
// backup tool may): the disk refuses every write. What is typed in the editor meanwhile stays in
// main, the page says it is not saved yet and why, and once the files are writable again it is
// saved without a restart and the notice goes.

let browser: Browser;
let dataDir: string;
let s: Session;

function seed(dir: string) {
  const store = createHistoryStore(join(dir, 'history.sqlite'));
  putSpokenMeeting(store);
  store.close();
}

const historyFiles = () => ['history.sqlite', 'history.sqlite-wal'].map((name) => join(dataDir, name));
const immutable = (on: boolean) => execFileSync('chattr', [on ? '+i' : '-i', ...historyFiles()]);
const savedRow = (n: number) => savedDocument(dataDir)?.blocks[n - 1]?.words.join(' ');

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'confab-disk-fault-'));
  seed(dataDir);
  browser = await launchChromium();
  s = await openSession(browser, { APP_DATA_DIR: dataDir });
});

afterAll(async () => {
  // Never leave a file the folder's removal cannot delete.
  if (dataDir) execFileSync('chattr', ['-i', ...historyFiles()]);
  await s?.close();
  await browser?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('typing while the disk refuses the history', () => {
  it('keeps the edit in main, says it is not saved yet and why, and saves it once the disk takes it', async () => {
    const { page } = s;
    await sidebar(page).getByRole('button', { name: 'meeting.mp3' }).click();
    await page.getByRole('button', { name: 'Edit transcript' }).click();
    await page.getByRole('heading', { name: 'Edit: meeting.mp3' }).waitFor();
    await editRow(page, 1);
    await row(page, 1).fill('Bilal asked Anna about the bridge.');
    await expect.poll(() => savedRow(1)).toBe('Bilal asked Anna about the bridge.');

    immutable(true);
    await editRow(page, 2);
    const typed = (await row(page, 2).inputValue()).replace('came late', 'came in late');
    await row(page, 2).fill(typed);
    const notice = page.getByRole('alert').filter({ hasText: 'Your edits are not saved yet.' });
    await notice.getByText(`The disk reported an error while Confab was writing your history file (${join(dataDir, 'history.sqlite')}).`, { exact: false }).waitFor();
    await page.getByRole('status').getByText('Not saved yet').waitFor();
    expect(savedRow(2)).not.toContain('came in late');
    // The row keeps what was typed: main holds it, and the page shows main's document.
    expect(await row(page, 2).inputValue()).toBe(typed);
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'editor-disk-fault-not-saved');

    immutable(false);
    // Main tries again on its own (every few seconds): no edit, no restart.
    await expect.poll(() => savedRow(2), { timeout: 15_000 }).toBe(typed);
    await notice.waitFor({ state: 'detached' });
    await page.getByRole('status').getByText('All edits saved').waitFor();
    await screenshot(page, 'editor-disk-fault-saved');
  });
});
