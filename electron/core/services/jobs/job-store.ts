import { DatabaseSync } from 'node:sqlite';
import type { JobRequest, JobState } from '../../../../shared/contract/jobs';
import type { ProblemData } from '../../../../shared/domain/problem';
import type { ServiceFailure } from '../../../../shared/domain/service-failure';
import type { Transcript } from '../../../../shared/domain/transcript';
import type { EncodedPart, SplitPlan } from '../audio-split/types';

/** What is kept of a part: its result once done, and its encoded file until then (Retry resends those bytes). */
export interface StoredPart {
  index: number;
  state: 'waiting' | 'done' | 'failed';
  transcript: Transcript | null;
  flag: ProblemData | null;
  encoded: EncodedPart | null;
}

export interface StoredJob {
  id: string;
  state: JobState;
  fileName: string;
  size: number;
  format: string;
  mimeType: string;
  createdAt: number;
  request: JobRequest;
  /** The recording, in the job's own folder. */
  sourcePath: string;
  /** A long recording's cuts, made once, stored as they are decided. */
  plan: SplitPlan | null;
  parts: StoredPart[];
  failure: ServiceFailure | null;
  problem: ProblemData | null;
  recordId: string | null;
  /** The Confab recording it was made from (its markers and tracks go with the transcript). */
  recordingId: string | null;
}

type Body = Omit<StoredJob, 'id' | 'state' | 'parts'>;

/** A job kept before problems were codes has its problem in English words: they are shown as they are. */
function readBody(text: string): Body {
  const body = JSON.parse(text) as Omit<Body, 'problem'> & { problem: ProblemData | string | null };
  const { problem } = body;
  return {
    ...body,
    problem: typeof problem === 'string' ? { code: 'unexpected', values: { detail: problem } } : problem,
    recordingId: body.recordingId ?? null,
    // A plan stored before plans grew was made whole.
    plan: body.plan && { ...body.plan, complete: body.plan.complete ?? true },
  };
}

/**
 * A part kept before flags were codes has its flag in English words: the job's line drops it,
 * and the transcript, which kept the words as a warning, still shows them.
 */
function readPart(text: string): StoredPart {
  const part = JSON.parse(text) as Omit<StoredPart, 'flag'> & { flag: ProblemData | string | null };
  return { ...part, flag: typeof part.flag === 'string' ? null : part.flag };
}

/**
 * The queue's own SQLite file (jobs.sqlite, apart from the history): one row per job in queue
 * order, one per part. Every change is one statement, so a crash leaves the last one whole.
 * The schema is created if missing; a new shape would get its own `user_version` step.
 */
export function openJobStore(path: string) {
  const db = new DatabaseSync(path);
  db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;
    CREATE TABLE IF NOT EXISTS jobs (id TEXT PRIMARY KEY, position INTEGER NOT NULL, state TEXT NOT NULL, body TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS parts (job_id TEXT NOT NULL, idx INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (job_id, idx));`);

  const saveJob = db.prepare(
    `INSERT INTO jobs (id, position, state, body) VALUES (?, (SELECT coalesce(max(position), 0) + 1 FROM jobs), ?, ?)
       ON CONFLICT (id) DO UPDATE SET state = excluded.state, body = excluded.body`,
  );
  const savePart = db.prepare('INSERT INTO parts (job_id, idx, body) VALUES (?, ?, ?) ON CONFLICT (job_id, idx) DO UPDATE SET body = excluded.body');

  const bodyOf = ({ id: _id, state: _state, parts: _parts, ...body }: StoredJob): Body => body;

  return {
    /** Every job in queue order, with its parts. */
    all(): StoredJob[] {
      const rows = db.prepare('SELECT id, state, body FROM jobs ORDER BY position').all() as Array<{ id: string; state: JobState; body: string }>;
      const parts = db.prepare('SELECT body FROM parts WHERE job_id = ? ORDER BY idx');
      return rows.map((row) => ({
        id: row.id,
        state: row.state,
        ...readBody(row.body),
        parts: (parts.all(row.id) as Array<{ body: string }>).map((p) => readPart(p.body)),
      }));
    },

    /** Writes the job's row (a new one goes last); its parts are written by `savePart`. */
    save(job: StoredJob) {
      saveJob.run(job.id, job.state, JSON.stringify(bodyOf(job)));
    },

    savePart(jobId: string, part: StoredPart) {
      savePart.run(jobId, part.index, JSON.stringify(part));
    },

    /** All of a job's parts at once (a new plan), in one transaction. */
    saveParts(jobId: string, parts: StoredPart[]) {
      db.exec('BEGIN');
      try {
        db.prepare('DELETE FROM parts WHERE job_id = ?').run(jobId);
        for (const part of parts) savePart.run(jobId, part.index, JSON.stringify(part));
        db.exec('COMMIT');
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    },

    remove(jobId: string) {
      db.prepare('DELETE FROM parts WHERE job_id = ?').run(jobId);
      db.prepare('DELETE FROM jobs WHERE id = ?').run(jobId);
    },

    /** Rewrites the queue order: `ids` first to last. */
    order(ids: string[]) {
      const set = db.prepare('UPDATE jobs SET position = ? WHERE id = ?');
      db.exec('BEGIN');
      ids.forEach((id, position) => set.run(position + 1, id));
      db.exec('COMMIT');
    },

    /** At start: what was running when Confab ended waits for Resume. */
    markInterrupted(): number {
      return Number(db.prepare("UPDATE jobs SET state = 'interrupted' WHERE state = 'running'").run().changes);
    },

    close: () => db.close(),
  };
}

export type JobStore = ReturnType<typeof openJobStore>;
