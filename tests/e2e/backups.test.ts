import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { type Harness, openApp, send, settled, useKey } from '../support/chat';

// Settings → Backups: a backup on request, listed with what it holds, and a restore that merges.
let h: Harness;
beforeAll(async () => {
  h = await openApp({ limitFileBlocks: 'unlimited' });
  await useKey(h.page, h.fake.keys.free);
});
afterAll(() => h?.close());

describe('backups in Settings', () => {
  it('backs up on request, lists the backup and restores it by merging', async () => {
    const { page } = h;
    h.fake.chat.next({ reply: 'Kept safe.' });
    await send(page, 'Remember this');
    await settled(page);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const section = page.getByRole('region', { name: 'Backups' });
    await section.getByRole('button', { name: 'Back up now' }).click();
    await section.getByRole('status').getByText('Backed up 1 conversation and 0 transcripts.').waitFor();
    await section.getByRole('cell', { name: '1 conversation, 0 transcripts' }).waitFor();
    await screenshot(page, 'settings-backups');
    await section.getByRole('button', { name: /^Restore the backup from / }).click();
    await section
      .getByRole('status')
      .getByText(/^Restored from .*: 0 conversations added, 0 kept as a copy beside a newer version, 1 already here, 0 transcripts added\.$/)
      .waitFor();
  });
});

describe('a backup on a full disk', () => {
  it('says the disk is full and which file could not be written, not that something unexpected happened', async () => {
    const { page } = h;
    // Full as a file size limit makes it (web-app.ts limitFiles): no privileges needed.
    await h.app.limitFiles(0);
    try {
      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      const section = page.getByRole('region', { name: 'Backups' });
      await section.getByRole('button', { name: 'Back up now' }).click();
      await section
        .getByRole('status')
        .getByText(/^The backup failed: The disk is full, so Confab could not save .*backups\/history-.*\.sqlite\. Free some space on it, then try again\.$/)
        .waitFor();
      await section.getByRole('status').scrollIntoViewIfNeeded();
      await screenshot(page, 'settings-backup-disk-full');
    } finally {
      await h.app.limitFiles(null);
    }
    expect((await readdir(join(h.app.dataDir, 'backups'))).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });
});
