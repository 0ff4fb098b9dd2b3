import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHistoryStore } from '../../electron/core/services/history/history-store';
import { longMeeting } from '../support/spoken-record';
import { historyBranchesBench } from './history-branches';
import { ms, percentile, seededRandom, wordSource } from './text';

/**
 * Issue target: 100,000 messages in 1,000 conversations; search p95 under 50 ms; the
 * conversation list ready under 200 ms after start (opening the store included). Then, beside
 * them, long transcripts searched and listed as they now read.
 */
export async function historyBench(): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'confab-bench-history-'));
  const path = join(dir, 'history.sqlite');
  const random = seededRandom(42);
  const words = wordSource(random);

  const seeding = performance.now();
  const store = createHistoryStore(path);
  const options = JSON.stringify({ model: 'default', temperature: null, maxTokens: null, stream: true });
  const addConversation = store.db.prepare(
    'INSERT INTO conversations (id, title, system_prompt, options, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const addMessage = store.db.prepare(
    `INSERT INTO messages (id, conversation_id, position, role, content, state, created_at) VALUES (?, ?, ?, ?, ?, 'complete', ?)`,
  );
  store.db.exec('BEGIN');
  for (let c = 0; c < 1000; c++) {
    addConversation.run(`c${c}`, words.sentence(4), '', options, c, c);
    for (let m = 0; m < 100; m++) {
      const length = 8 + Math.floor(random() * 60);
      addMessage.run(`c${c}m${m}`, `c${c}`, m + 1, m % 2 ? 'assistant' : 'user', words.sentence(length), c * 100 + m);
    }
  }
  store.db.exec('COMMIT');
  store.close();
  const seeded = performance.now() - seeding;

  const starting = performance.now();
  const reopened = createHistoryStore(path);
  const list = reopened.list();
  const listReady = performance.now() - starting;

  const queries = Array.from({ length: 200 }, (_, i) => {
    const word = words.vocabulary[Math.floor(random() * words.vocabulary.length)]!;
    return i % 3 === 0 ? word.slice(0, 3) : i % 3 === 1 ? word : `${words.word()} ${word.slice(0, 4)}`;
  });
  const times = queries.map((query) => {
    const started = performance.now();
    reopened.search(query);
    return performance.now() - started;
  });

  // Transcripts beside them: 20 three-hour meetings (54,000 rows), searched by their rows as they
  // now read, and the Recent list previewing each from its rows (issue 38).
  for (let t = 0; t < 20; t++) reopened.transcripts.put({ ...longMeeting(`t${t}`, 3), createdAt: 100_000 + t }, null);
  const transcriptQueries = ['t', 'to', 'topic', 'topic 1', 'planning group', 'reviewed by the pl', 'topic 2699', 'zofia'];
  const transcriptTimes = Array.from({ length: 5 }).flatMap(() =>
    transcriptQueries.map((query) => {
      const started = performance.now();
      reopened.search(query);
      return performance.now() - started;
    }),
  );
  const listing = performance.now();
  reopened.transcripts.list();
  const transcriptList = performance.now() - listing;
  reopened.close();
  await rm(dir, { recursive: true, force: true });

  return [
    `history: seeded 1,000 conversations / 100,000 messages in ${(seeded / 1000).toFixed(1)} s`,
    `history: conversation list (${list.length}) ready ${ms(listReady)} after start (target < 200 ms)`,
    `history: search over 200 queries p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, max ${ms(Math.max(...times))} (target p95 < 50 ms)`,
    `history: with 20 three-hour transcripts, search over ${transcriptTimes.length} queries p50 ${ms(percentile(transcriptTimes, 50))}, p95 ${ms(percentile(transcriptTimes, 95))}, max ${ms(Math.max(...transcriptTimes))} (target p95 < 50 ms)`,
    `history: the transcripts list with 20 previews from their rows ${ms(transcriptList)}`,
    ...(await historyBranchesBench()),
  ];
}
