import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHistoryStore } from '../../electron/core/services/history/history-store';
import { type MessageRow, toMessage } from '../../electron/core/services/history/rows';
import { ms, percentile, seededRandom, wordSource } from './text';

const PATH_LENGTH = 10_000;
/** Every this many messages of the path, a user message was edited once: a two-message branch beside it. */
const BRANCH_EVERY = 50;
const RUNS = 9;

/** The median of `RUNS` timings of `work` (after one unreported warm-up, so statements are compiled). */
function median(work: () => unknown): number {
  work();
  const times = Array.from({ length: RUNS }, () => {
    const started = performance.now();
    work();
    return performance.now() - started;
  });
  return percentile(times, 50);
}

/**
 * Issue 40 item 3: a 10,000-message conversation as a tree (its path, and a short branch beside
 * every 50th message), read as the app reads it: the current path walked up from the leaf (what
 * every request is built from), against a flat read of all its rows (no tree); the whole
 * conversation with its other branches (an export); and its last 100 messages (opening it).
 */
export function historyBranchesBench(): Promise<string[]> {
  return (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'confab-bench-branches-'));
    const random = seededRandom(7);
    const words = wordSource(random);
    const store = createHistoryStore(join(dir, 'history.sqlite'));
    try {
      store.db
        .prepare(`INSERT INTO conversations (id, title, system_prompt, options, created_at, updated_at) VALUES ('c', 'Long', '', ?, 0, 0)`)
        .run(JSON.stringify({ model: 'default', temperature: null, maxTokens: null, stream: true }));
      const add = store.db.prepare(
        `INSERT INTO messages (id, conversation_id, position, role, content, state, created_at, parent_id) VALUES (?, 'c', ?, ?, ?, 'complete', ?, ?)`,
      );
      store.db.exec('BEGIN');
      let position = 0;
      let others = 0;
      for (let m = 0; m < PATH_LENGTH; m++) {
        const parent = m === 0 ? null : `m${m - 1}`;
        // The old branch first, as an edit leaves it: the message as first written and its reply.
        if (m % BRANCH_EVERY === 0 && m > 0) {
          add.run(`b${m}`, ++position, 'user', words.sentence(12), position, parent);
          add.run(`b${m}r`, ++position, 'assistant', words.sentence(40), position, `b${m}`);
          others += 2;
        }
        add.run(`m${m}`, ++position, m % 2 ? 'assistant' : 'user', words.sentence(8 + Math.floor(random() * 60)), position, parent);
      }
      store.db.prepare(`UPDATE conversations SET current_leaf = ? WHERE id = 'c'`).run(`m${PATH_LENGTH - 1}`);
      store.db.exec('COMMIT');

      const all = store.db.prepare(`SELECT * FROM messages WHERE conversation_id = 'c' ORDER BY position`);
      const path = median(() => store.path('c'));
      // Read as the app reads a message (its JSON columns parsed), so only the walk differs.
      const flat = median(() => (all.all() as unknown as MessageRow[]).map(toMessage));
      const lastPage = store.path('c').slice(-100);
      const siblings = median(() => store.withSiblings('c', lastPage));
      const wholePath = store.path('c');
      const allSiblings = median(() => store.withSiblings('c', wholePath));
      const whole = median(() => store.get('c'));
      const last = median(() => store.openLast('c', 100));
      const total = PATH_LENGTH + others;
      return [
        `history branches: a ${PATH_LENGTH.toLocaleString('en')}-message path (${total.toLocaleString('en')} messages, ${others / 2} other branches), medians of ${RUNS}:`,
        `history branches: the current path ${ms(path)} against all ${total.toLocaleString('en')} rows read flat ${ms(flat)} (path ÷ flat ${(path / flat).toFixed(2)})`,
        `history branches: the whole conversation with its other branches (an export) ${ms(whole)} (marking the siblings of the whole path ${ms(allSiblings)}); opening its last 100 messages ${ms(last)}, of which marking their siblings ${ms(siblings)}`,
      ];
    } finally {
      store.close();
      await rm(dir, { recursive: true, force: true });
    }
  })();
}
