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

/**
 * Overwrites pages of `name` (a table or an index) with 4 KB of garbage each: its middle leaf
 * page, every leaf page (a full-text index keeps a common word's entries across many pages), or
 * its root page (the one a table's every lookup starts from).
 */
export async function damage(path: string, name: string, which: 'middle' | 'every' | 'root' = 'middle'): Promise<void> {
  const db = new DatabaseSync(path);
  const pageSize = Number((db.prepare('PRAGMA page_size').get() as { page_size: number }).page_size);
  const pages = (db.prepare(`SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno`).all(name) as { pageno: number }[]).map(
    (row) => row.pageno,
  );
  const root = Number((db.prepare('SELECT rootpage FROM sqlite_schema WHERE name = ?').get(name) as { rootpage: number }).rootpage);
  db.close();
  expect(pages.length).toBeGreaterThan(2);
  const file = await open(path, 'r+');
  for (const page of which === 'every' ? pages : which === 'root' ? [root] : [pages[Math.floor(pages.length / 2)]!]) {
    await file.write(Buffer.alloc(pageSize, 0xa7), 0, pageSize, (page - 1) * pageSize);
  }
  await file.close();
}
