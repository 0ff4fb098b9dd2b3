import { DatabaseSync } from 'node:sqlite';
import type { JobState } from '../../../../shared/contract/jobs';
import type { Usage } from '../../../../shared/domain/chat';
import type { ProblemData } from '../../../../shared/domain/problem';
import type { ServiceFailure } from '../../../../shared/domain/service-failure';
import { inTransaction } from '../storage/sqlite-transaction';

/** One model request of a job: the items [from, to) of the job's input, and its result once done. */
export interface StoredModelPart {
  from: number;
  to: number;
  state: 'waiting' | 'done';
  result: unknown;
  usage: Usage | null;
}

export interface StoredModelJob {
  id: string;
  kind: string;
  subject: string | null;
  state: JobState;
  /** The model asked for (Free asks its one model whatever this says). */
  model: string | null;
  /** Largest part the feature wants, in its size units, whatever the model would take. */
  partSize: number | null;
  createdAt: number;
  failure: ServiceFailure | null;
  problem: ProblemData | null;
  parts: StoredModelPart[];
}

/** What the job is run on, written once: the items cut into parts, and the feature's own context. */
export interface ModelJobInput {
  items: unknown[];
  context: unknown;
}

type Body = Omit<StoredModelJob, 'id' | 'state' | 'parts'>;

/**
 * Model jobs in the queue's SQLite file (jobs.sqlite, beside transcription's tables, on a
 * connection of their own): a row per job, its input apart (a long transcript's rows, written
 * once, never again with each state change), and a row per part keyed by where it starts, so a
 * part split in two keeps its row for the first half. Every change is one statement or one
 * transaction, so a kill -9 leaves the last part finished whole.
 */
export function openModelJobStore(path: string) {
  const db = new DatabaseSync(path);
  db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;
    CREATE TABLE IF NOT EXISTS model_jobs (id TEXT PRIMARY KEY, position INTEGER NOT NULL, state TEXT NOT NULL, body TEXT NOT NULL, input TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS model_parts (job_id TEXT NOT NULL, start INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (job_id, start));`);
  const insertJob = db.prepare('INSERT INTO model_jobs (id, position, state, body, input) VALUES (?, (SELECT coalesce(max(position), 0) + 1 FROM model_jobs), ?, ?, ?)');
  const updateJob = db.prepare('UPDATE model_jobs SET state = ?, body = ? WHERE id = ?');
  const putPart = db.prepare('INSERT INTO model_parts (job_id, start, body) VALUES (?, ?, ?) ON CONFLICT (job_id, start) DO UPDATE SET body = excluded.body');
  const bodyOf = ({ id: _id, state: _state, parts: _parts, ...body }: StoredModelJob): Body => body;

  return {
    /** Every job in queue order, with its parts in order (without inputs: `input` reads one). */
    all(): StoredModelJob[] {
      const rows = db.prepare('SELECT id, state, body FROM model_jobs ORDER BY position').all() as Array<{ id: string; state: JobState; body: string }>;
      const parts = db.prepare('SELECT body FROM model_parts WHERE job_id = ? ORDER BY start');
      return rows.map((row) => ({
        id: row.id,
        state: row.state,
        ...(JSON.parse(row.body) as Body),
        parts: (parts.all(row.id) as Array<{ body: string }>).map((part) => JSON.parse(part.body) as StoredModelPart),
      }));
    },
    input(id: string): ModelJobInput {
      const row = db.prepare('SELECT input FROM model_jobs WHERE id = ?').get(id) as { input: string } | undefined;
      return row ? (JSON.parse(row.input) as ModelJobInput) : { items: [], context: null };
    },
    add(job: StoredModelJob, input: ModelJobInput) {
      inTransaction(db, () => {
        insertJob.run(job.id, job.state, JSON.stringify(bodyOf(job)), JSON.stringify(input));
        for (const part of job.parts) putPart.run(job.id, part.from, JSON.stringify(part));
      });
    },
    save(job: StoredModelJob) {
      updateJob.run(job.state, JSON.stringify(bodyOf(job)), job.id);
    },
    /** Parts written together (a part and the halves it was split into): all or none. */
    saveParts(jobId: string, parts: StoredModelPart[]) {
      inTransaction(db, () => {
        for (const part of parts) putPart.run(jobId, part.from, JSON.stringify(part));
      });
    },
    remove(id: string) {
      inTransaction(db, () => {
        db.prepare('DELETE FROM model_parts WHERE job_id = ?').run(id);
        db.prepare('DELETE FROM model_jobs WHERE id = ?').run(id);
      });
    },
    /**
     * At start: what was running when Confab ended goes on by itself. Unlike a transcription
     * (hours of upload), a model job's next part is one request, and the user asked for it.
     */
    requeueRunning() {
      db.prepare("UPDATE model_jobs SET state = 'queued' WHERE state IN ('running', 'interrupted')").run();
    },
    close: () => db.close(),
  };
}

export type ModelJobStore = ReturnType<typeof openModelJobStore>;
