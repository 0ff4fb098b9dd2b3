import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect } from 'vitest';
import type { Conversation } from '../../shared/domain/conversation';
import { createHistoryStore } from '../../electron/core/services/history/history-store';
import { testFolder } from './temp-folder';

// A real history file, and damage done to it as a failing disk does: one page overwritten.
export const CONVERSATIONS = 240;
export const MESSAGES = 10;
export const TOTAL = CONVERSATIONS * MESSAGES;
const options = { model: 'default', temperature: null, maxTokens: null, stream: true };

export function conversation(n: number): Conversation {
  return {
    id: `c${n}`,
    title: `Conversation ${n}`,
    systemPrompt: '',
    options,
    pinned: false,
    createdAt: n,
    updatedAt: n,
    messages: Array.from({ length: MESSAGES }, (_, m) => ({
      id: `c${n}-m${m}`,
      role: m % 2 ? ('assistant' as const) : ('user' as const),
      content: `Message ${m} of conversation ${n}: ${'the quarterly numbers look fine '.repeat(3)}`,
      state: 'complete' as const,
      usage: null,
      failure: null,
      model: null,
      createdAt: n * 100 + m,
    })),
  };
}

/** A history of CONVERSATIONS conversations of MESSAGES messages each, in a data folder of its own. */
export async function historyFile(): Promise<string> {
  const path = join(await testFolder('confab-salvage-'), 'history.sqlite');
  const store = createHistoryStore(path);
  for (let n = 0; n < CONVERSATIONS; n++) store.insertWhole(conversation(n));
  store.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  store.close();
  return path;
}

/** The message ids SQLite can still read one by one from a damaged file: what a salvage should recover. */
export function readableIds(path: string): string[] {
  const db = new DatabaseSync(path, { readOnly: true });
  const ids: string[] = [];
  for (let rowid = 1; rowid <= TOTAL; rowid++) {
    try {
      const row = db.prepare('SELECT id FROM messages WHERE rowid = ?').get(rowid) as { id: string } | undefined;
      if (row) ids.push(row.id);
    } catch {
      // On the damaged page.
    }
  }
  db.close();
  return ids.sort();
}

/** The same "random" bytes on every run (a hash chain), so a failure can be replayed. */
const noise = (size: number, seed: string) => {
  const chunks: Buffer[] = [];
  for (let i = 0; chunks.length * 32 < size; i++) chunks.push(createHash('sha256').update(`${seed}:${i}`).digest());
  return Buffer.concat(chunks).subarray(0, size);
};

/** The page number of the root of `name`'s tree. */
export function rootPage(path: string, name: string): number {
  const db = new DatabaseSync(path, { readOnly: true });
  const { rootpage } = db.prepare('SELECT rootpage FROM sqlite_schema WHERE name = ?').get(name) as { rootpage: number };
  db.close();
  return rootpage;
}

/**
 * Overwrites pages of `name` (a table or an index) with garbage: the middle leaf (4 KB of 0xa7),
 * the first leaf in key order (the lowest rowids), every leaf (a full-text index keeps a common
 * word's entries across many pages), or the root (random bytes; for a table of several pages the
 * root holds no rows, only the way to them).
 */
/** The leaf pages of `name` that `damage(path, name, which)` overwrites, and the page size. */
function targetPages(path: string, name: string, which: 'middle' | 'first' | 'every' | 'root') {
  const db = new DatabaseSync(path);
  const pageSize = Number((db.prepare('PRAGMA page_size').get() as { page_size: number }).page_size);
  const leaves = (order: string) =>
    (db.prepare(`SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY ${order}`).all(name) as { pageno: number }[]).map((row) => row.pageno);
  const pages = leaves('pageno');
  // dbstat's path names a page by its place in the tree ('/000/' is the root's first child).
  const first = leaves('path')[0]!;
  db.close();
  expect(pages.length).toBeGreaterThan(2);
  return { pageSize, overwritten: { every: pages, middle: [pages[Math.floor(pages.length / 2)]!], first: [first], root: [] }[which] };
}

/**
 * The conversations whose messages `damage(path, 'messages', which)` would overwrite, read from
 * the pages' bytes: which rows share a page depends on the schema's row size, so a test that needs
 * the damage under particular conversations asks rather than assumes.
 */
export async function conversationsOnDamagedPages(path: string, which: 'middle' | 'first' = 'middle'): Promise<number[]> {
  const { pageSize, overwritten } = targetPages(path, 'messages', which);
  const file = await open(path, 'r');
  const found = new Set<number>();
  for (const page of overwritten) {
    const bytes = Buffer.alloc(pageSize);
    await file.read(bytes, 0, pageSize, (page - 1) * pageSize);
    for (const match of bytes.toString('latin1').matchAll(/of conversation (\d+):/g)) found.add(Number(match[1]));
  }
  await file.close();
  return [...found].sort((a, b) => a - b);
}

export async function damage(path: string, name: string, which: 'middle' | 'first' | 'every' | 'root' = 'middle'): Promise<void> {
  const { pageSize, overwritten } = targetPages(path, name, which);
  const file = await open(path, 'r+');
  if (which === 'root') {
    const root = rootPage(path, name);
    await file.write(noise(pageSize, name), 0, pageSize, (root - 1) * pageSize);
  }
  for (const page of overwritten) {
    await file.write(Buffer.alloc(pageSize, 0xa7), 0, pageSize, (page - 1) * pageSize);
  }
  await file.close();
}
