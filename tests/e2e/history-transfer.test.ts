import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import type { Browser, Download } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../shared/domain/conversation';
import { startFakeService, type FakeService } from '../fake-service/server';
import { launchChromium, screenshot } from '../support/browser';
import { type Session, openSession } from '../support/history-app';
import { newChat, openOptions, send, settled, useKey } from '../support/chat';
import { writeExport } from '../support/big-export';
import { removeFolder } from '../support/temp-folder';

// Export (Markdown, JSON, everything as a zip) through the browser's download, and import
// back through the file input: a good file returns the conversation, a bad one changes nothing.

let browser: Browser;
let fake: FakeService;
let s: Session;
let files: string;

const TITLE = 'Plan a picnic for four';
const SYSTEM = 'You are a picnic planner.';
const REPLY = 'Bring a blanket, sandwiches and lemonade.';
const OTHER = 'Name three rivers';

beforeAll(async () => {
  fake = await startFakeService();
  browser = await launchChromium();
  s = await openSession(browser, { APP_BASE_URL: fake.baseUrl });
  files = await mkdtemp(join(tmpdir(), 'confab-transfer-'));
});

afterAll(async () => {
  await s?.close();
  await browser?.close();
  await fake?.close();
  if (files) await removeFolder(files);
});

const sidebar = () => s.page.getByRole('navigation', { name: 'Sections' });
const item = (title: string) =>
  sidebar().getByRole('listitem').filter({ has: s.page.getByRole('button', { name: title, exact: true }) });
const importInput = () => sidebar().getByLabel('Import conversation…');

async function titles(): Promise<string[]> {
  const items = await sidebar().getByRole('list', { name: 'Chats', exact: true }).getByRole('listitem').all();
  return Promise.all(items.map((entry) => entry.getByRole('button').first().innerText()));
}

async function choose(title: string, action: string) {
  await item(title).getByRole('button', { name: 'Conversation actions' }).click();
  await s.page.getByRole('menu', { name: `Actions for ${title}` }).getByRole('menuitem', { name: action }).click();
}

/** Runs `action` and answers the download it started, saved under its suggested name. */
async function download(action: () => Promise<void>): Promise<{ name: string; path: string; download: Download }> {
  const [started] = await Promise.all([s.page.waitForEvent('download'), action()]);
  const path = join(files, started.suggestedFilename());
  await started.saveAs(path);
  return { name: started.suggestedFilename(), path, download: started };
}

const withoutIds = ({ id: _id, messages, ...rest }: Conversation) => ({ ...rest, messages: messages.map(({ id: _m, ...m }) => m) });

let exported: { path: string; conversation: Conversation };

describe('export and import', () => {
  it('has two conversations to work with', async () => {
    const { page } = s;
    await useKey(page, fake.keys.pro);
    await openOptions(page);
    await page.getByLabel('System prompt').fill(SYSTEM);
    fake.chat.next({ reply: REPLY });
    await send(page, TITLE);
    await settled(page);
    fake.chat.next({ reply: 'Strawberries.' });
    await send(page, 'What about dessert?');
    await settled(page);
    await newChat(page);
    await send(page, OTHER);
    await settled(page);
    expect(await titles()).toEqual([OTHER, TITLE]);
  });

  it('exports a conversation as Markdown: title, system prompt, every message, never the key', async () => {
    const { name, path } = await download(() => choose(TITLE, 'Export as Markdown'));
    expect(name).toMatch(/^Plan a picnic for four \([0-9a-f]{8}\)\.md$/);
    const markdown = await readFile(path, 'utf8');
    expect(markdown).toMatch(/^# Plan a picnic for four\n/);
    for (const part of [SYSTEM, '## You', TITLE, '## Assistant', REPLY, 'What about dessert?', 'Strawberries.']) {
      expect(markdown).toContain(part);
    }
    expect(markdown).not.toContain(fake.keys.pro);
  });

  it('exports a conversation as JSON, exactly as stored, never the key', async () => {
    const { name, path } = await download(() => choose(TITLE, 'Export as JSON'));
    expect(name).toMatch(/^Plan a picnic for four \([0-9a-f]{8}\)\.json$/);
    const text = await readFile(path, 'utf8');
    expect(text).not.toContain(fake.keys.pro);
    const file = JSON.parse(text) as { format: string; version: number; conversation: Conversation };
    expect(file).toMatchObject({ format: 'confab.conversation', version: 1 });
    expect(file.conversation).toMatchObject({ title: TITLE, systemPrompt: SYSTEM, pinned: false });
    expect(file.conversation.messages.map((m) => [m.role, m.content, m.state])).toEqual([
      ['user', TITLE, 'complete'],
      ['assistant', REPLY, 'complete'],
      ['user', 'What about dessert?', 'complete'],
      ['assistant', 'Strawberries.', 'complete'],
    ]);
    exported = { path, conversation: file.conversation };
  });

  it('refuses a malformed file, showing why, and changes nothing', async () => {
    const { page } = s;
    const before = await titles();
    const damaged = join(files, 'damaged.json');
    await writeFile(damaged, JSON.stringify({ format: 'confab.conversation', version: 1, conversation: { title: 5 } }));
    await importInput().setInputFiles(damaged);
    const alert = sidebar().getByRole('alert');
    await alert.getByText('damaged.json was not imported', { exact: true }).waitFor();
    await alert.getByText('The export is damaged at conversation.id. Nothing was imported.', { exact: true }).waitFor();
    await screenshot(page, 'history-import-error');
    expect(await titles()).toEqual(before);
    await alert.getByRole('button', { name: 'Dismiss' }).click();

    const notJson = join(files, 'notes.json');
    await writeFile(notJson, 'Shopping: bread, cheese');
    await importInput().setInputFiles(notJson);
    await sidebar().getByRole('alert').getByText('notes.json was not imported', { exact: true }).waitFor();
    await sidebar().getByRole('alert').getByText(/^notes\.json is not a conversation export: it does not begin as JSON/).waitFor();
    expect(await titles()).toEqual(before);
    await sidebar().getByRole('alert').getByRole('button', { name: 'Dismiss' }).click();
  });

  it('after a delete, importing the JSON brings the conversation back, identical, and opens it', async () => {
    const { page } = s;
    await choose(TITLE, 'Delete');
    expect(await titles()).toEqual([OTHER]);
    await importInput().setInputFiles(exported.path);
    await sidebar().getByRole('status').getByText(`Imported “${TITLE}”.`).waitFor();
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await page.getByRole('article', { name: 'Reply' }).getByText('Strawberries.').waitFor();
    expect(await titles()).toContain(TITLE);

    const again = await download(() => choose(TITLE, 'Export as JSON'));
    const reimported = (JSON.parse(await readFile(again.path, 'utf8')) as { conversation: Conversation }).conversation;
    // Until the next start the deleted original still holds its ids, so the import got fresh ones.
    expect(withoutIds(reimported)).toEqual(withoutIds(exported.conversation));
  });

  it('exports every conversation as one zip of Markdown and JSON files, never the key', async () => {
    const { name, path } = await download(() => sidebar().getByRole('button', { name: 'Export all conversations' }).click());
    expect(name).toMatch(/^Confab conversations \d{4}-\d{2}-\d{2}\.zip$/);
    const archive = unzipSync(new Uint8Array(await readFile(path)));
    const names = Object.keys(archive).sort();
    expect(names).toHaveLength(4);
    for (const [title, pattern] of [
      [OTHER, /^Name three rivers \([0-9a-f]{8}\)\.(md|json)$/],
      [TITLE, /^Plan a picnic for four \([0-9a-f]{8}\)\.(md|json)$/],
    ] as const) {
      expect(names.filter((entry) => pattern.test(entry)), title).toHaveLength(2);
    }
    for (const bytes of Object.values(archive)) expect(strFromU8(bytes)).not.toContain(fake.keys.pro);
  });

  // A 100 MB file under a loaded machine: reading, checking and writing it takes most of a minute.
  it('imports a 100 MB export, made here, showing how far it is, and lists it at the end', { timeout: 240_000 }, async () => {
    const { page } = s;
    const path = join(files, 'big-archive.json');
    const count = await writeExport(path, { megabytes: 98 }, { id: 'big-archive', title: 'Big archive' });
    const total = count.toLocaleString('en');
    await importInput().setInputFiles(path);
    const status = sidebar().getByRole('status');
    // Main reads the file, then writes its messages: both show, with a bar and Cancel, while it works.
    await status.getByText(new RegExp(`^Importing big-archive\\.json: [\\d,]+ of ${total} messages$`)).waitFor({ timeout: 180_000 });
    await status.getByRole('progressbar').waitFor();
    await status.getByRole('button', { name: 'Cancel import' }).waitFor();
    await screenshot(page, 'history-import-progress');
    await status.getByText('Imported “Big archive”.').waitFor({ timeout: 180_000 });
    await page.getByRole('heading', { name: 'Big archive' }).waitFor();
    expect(await titles()).toContain('Big archive');
  });

  it('logged no error on the way', () => {
    expect(s.errors).toEqual([]);
  });
});
