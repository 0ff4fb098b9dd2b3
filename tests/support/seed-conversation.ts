// Histories written before the app starts, for the journeys that open on a long conversation
// (chat-summary, chat-budget, history-paging, history-search) or on many (layout, i18n-history):
// one way to put them in main's own store and open the app on them, so each journey says only
// what its conversations hold.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { createHistoryStore, type HistoryStore } from '../../electron/core/services/history/history-store';
import type { ConversationMeta } from '../../shared/domain/conversation';
import { type Session, openSession } from './history-app';
import { T, storedMessage, storedOptions } from './stored-messages';
import { removeFolder } from './temp-folder';

export interface SeededConversation {
  id: string;
  title?: string;
  /** How many messages: the user's first, then the assistant's and the user's by turns. */
  count: number;
  /** The text of message `i` (from 0). */
  text: (i: number) => string;
  /** When it was made; message `i` is `i` minutes later. */
  createdAt?: number;
  options?: ConversationMeta['options'];
  /** Pinned in the sidebar. */
  pinned?: boolean;
  /** The messages (by index) the user pinned. */
  pinnedMessages?: number[];
}

/** Puts one conversation and its messages into `store`, as main would have kept them. */
export function putConversation(store: HistoryStore, { id, title = id, count, text, createdAt = T, options = storedOptions, pinned = false, pinnedMessages = [] }: SeededConversation) {
  store.create({ id, title, systemPrompt: '', options, pinned, createdAt, updatedAt: createdAt });
  for (let i = 0; i < count; i++) {
    const message = storedMessage(`${id}-${i}`, i % 2 ? 'assistant' : 'user', text(i), createdAt + i * 60_000);
    store.putMessage(id, pinnedMessages.includes(i) ? { ...message, pinned: true } : message);
  }
}

/**
 * A new data folder (named `confab-<name>-…`) whose history holds what `seed` puts in it. The
 * caller removes it once the app on it is closed (removeFolder): a session given a data folder
 * leaves it to its caller. A seed that throws takes its folder with it.
 */
export async function seededDataDir(name: string, seed: (store: HistoryStore) => void): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `confab-${name}-`));
  try {
    const store = createHistoryStore(join(dir, 'history.sqlite'));
    try {
      seed(store);
    } finally {
      store.close();
    }
    return dir;
  } catch (error) {
    await removeFolder(dir);
    throw error;
  }
}

/**
 * The app on a history `seed` wrote, in a page of `browser`. Its close removes the seeded folder
 * too (a session given a data folder leaves it to its caller), and so does a start that fails.
 */
export async function openSeededSession(browser: Browser, name: string, seed: (store: HistoryStore) => void, env: { APP_BASE_URL?: string } = {}): Promise<Session> {
  const dataDir = await seededDataDir(name, seed);
  let session: Session;
  try {
    session = await openSession(browser, { ...env, APP_DATA_DIR: dataDir });
  } catch (error) {
    await removeFolder(dataDir);
    throw error;
  }
  return {
    get app() {
      return session.app;
    },
    get page() {
      return session.page;
    },
    dataDir,
    errors: session.errors,
    restart: (how) => session.restart(how),
    async close() {
      try {
        await session.close();
      } finally {
        await removeFolder(dataDir);
      }
    },
  };
}
