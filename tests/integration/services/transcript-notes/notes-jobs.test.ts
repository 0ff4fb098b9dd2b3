import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ModelJobEvent } from '../../../../shared/contract/modelJobs';
import type { NotesEvent, TranscriptNotes } from '../../../../shared/contract/notes';
import type { TranscriptRecord } from '../../../../shared/contract/transcription';
import { createCore } from '../../../../electron/core/core';
import type { EventSink } from '../../../../electron/core/router';
import { JSON_MODE_INSTRUCTION } from '../../../../electron/core/services/completion/chat-body';
import { createHistoryStore } from '../../../../electron/core/services/history/history-store';
import { NOTES_HEAD, RETRY_HEAD } from '../../../fake-service/notes';
import { type FakeService, startFakeService } from '../../../fake-service/server';
import { startChild } from '../../../support/killable-child';
import { memoryKeytar } from '../../../support/memory-keytar';
import { longMeeting, spokenRecord } from '../../../support/spoken-record';
import { removeFolder } from '../../../support/temp-folder';

// Notes of long transcripts as model jobs, through the whole core against the fake over real
// HTTP: made in parts that say what they cover, resumed after the core closed or was killed with
// SIGKILL mid-notes without sending a finished part again, and on Free read past the model's reasoning.
let fake: FakeService;
let dir: string;
beforeAll(async () => {
  fake = await startFakeService({ defaultIntervalMs: 0 });
});
afterAll(() => fake.close());
beforeEach(async () => {
  fake.reset();
  dir = await mkdtemp(join(tmpdir(), 'confab-notes-jobs-'));
  return () => removeFolder(dir);
});

/** Puts transcripts in the history the core will open. */
function keep(...records: TranscriptRecord[]) {
  const store = createHistoryStore(join(dir, 'history.sqlite'));
  for (const record of records) store.transcripts.put(record, null);
  const rows = records.map((record) => store.transcripts.rows.rowsOf(record.id));
  store.close();
  return rows;
}

const keytar = memoryKeytar();
async function openCore(plan: 'free' | 'pro') {
  const core = await createCore({ userDataDir: dir, initialBaseUrl: fake.baseUrl, keytar });
  const notes: NotesEvent[] = [];
  const jobs: ModelJobEvent[] = [];
  const sink: EventSink = {
    send(channel, payload) {
      const { event } = payload as { event: unknown };
      if (channel === 'notes:make:event') notes.push(event as NotesEvent);
      if (channel === 'modelJobs:watch:event') jobs.push(event as ModelJobEvent);
    },
  };
  const invoke = async <T>(channel: string, input?: unknown) => {
    const result = await core.router.invoke(channel, input, sink);
    if (!result.ok) throw new Error(result.error.message);
    return result.value as T;
  };
  await invoke('settings:update', { plan, partsInFlight: 1 });
  // Kept in the (memory) keyring, as a user's key is: a job left by the last run goes on as the core opens.
  await invoke('secrets:setKey', { key: plan === 'pro' ? fake.keys.pro : fake.keys.free });
  await invoke('modelJobs:watch');
  return { core, invoke, notes, jobs };
}

/** The notes requests the fake received (not the key check's ping). */
const notesRequests = () => fake.requests.filter((entry) => entry.path.endsWith('/chat/completions') && JSON.stringify(entry.body).includes(NOTES_HEAD));

/** Successful first asks (not the re-ask of failed citations) whose rows held this row id. */
const askedWith = (rowId: string) =>
  notesRequests().filter((entry) => {
    const body = JSON.stringify(entry.body);
    // A row is a line of the fenced data: after a newline (escaped in the JSON body).
    return entry.status === 200 && !body.includes(RETRY_HEAD) && body.includes(`\\n[${rowId}] `);
  }).length;

/** Parts main has kept as done in jobs.sqlite, read as the next start would (0 before the job is there). */
function partsKept(): number {
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(join(dir, 'jobs.sqlite'), { readOnly: true });
    const rows = db.prepare('SELECT body FROM model_parts').all() as Array<{ body: string }>;
    return rows.filter((row) => (JSON.parse(row.body) as { state: string }).state === 'done').length;
  } catch {
    return 0;
  } finally {
    db?.close();
  }
}

describe('notes as model jobs', () => {
  it('of a 3-hour transcript longer than the model takes are made in parts, each sent once, and say what they cover', async () => {
    const [rows] = keep(longMeeting('long', 3));
    const { core, invoke, notes, jobs } = await openCore('pro');
    // About 130,000 characters of rows; the model takes 30,000.
    fake.setContextLimit(30_000);
    await invoke('notes:make', { transcriptId: 'long', templateId: 'meeting' });
    await expect.poll(() => notes.at(-1)?.type, { timeout: 60_000 }).toMatch(/done|failed/);
    const end = notes.at(-1)!;
    expect(end, JSON.stringify(end)).toMatchObject({ type: 'done' });
    const made = (end as { notes: TranscriptNotes }).notes;

    // The notes cover the whole meeting in one stretch, and name none left out.
    expect(made.covers).toEqual([{ startMs: rows![0]!.startMs, endMs: rows!.at(-1)!.endMs }]);
    expect(made.covers[0]!.endMs).toBeGreaterThan(3 * 3600_000 - 10_000);
    expect(made.notCovered).toEqual([]);
    // Every row went in exactly one part that was answered; items came from several parts.
    expect(rows!.filter((row) => askedWith(row.rowId) !== 1).map((row) => row.rowId)).toEqual([]);
    const parts = new Set(made.items.filter((item) => item.status === 'supported').map((item) => item.rows[0]));
    expect(parts.size).toBeGreaterThan(3);
    // Progress and tokens used reached the page's watch.
    const views = jobs.flatMap((event) => (event.type === 'job' && event.job.kind === 'notes' ? [event.job] : []));
    expect(views.at(-1)).toMatchObject({ state: 'done', subject: 'long' });
    expect(views.at(-1)!.partsTotal).toBeGreaterThan(3);
    expect(views.at(-1)!.usage.total_tokens).toBeGreaterThan(0);
    await core.close();
  }, 90_000);

  it('go on after the core closed mid-notes, without sending a finished part again', async () => {
    const [rows] = keep(longMeeting('long', 3));
    const first = await openCore('pro');
    // The first part and its re-ask answer; the second part's answer never comes before the core goes.
    fake.chat.next({});
    fake.chat.next({});
    fake.chat.next({ latencyMs: 60_000 });
    await first.invoke('notes:make', { transcriptId: 'long', templateId: 'meeting' });
    await expect.poll(() => notesRequests().length, { timeout: 20_000 }).toBe(3);
    const job = first.core.models.jobs.list().find((each) => each.kind === 'notes')!;
    expect(job).toMatchObject({ partsDone: 1, state: 'running' });
    await first.core.close();

    const second = await openCore('pro');
    await expect.poll(() => second.core.models.jobs.get(job.id)?.state, { timeout: 60_000 }).toMatch(/done|failed/);
    expect(second.core.models.jobs.get(job.id)).toMatchObject({ state: 'done', failure: null, problem: null });
    const made = (await second.invoke<TranscriptNotes | null>('notes:get', { transcriptId: 'long' }))!;
    expect(made.covers).toEqual([{ startMs: rows![0]!.startMs, endMs: rows!.at(-1)!.endMs }]);
    // No row was answered twice: the finished first part was not sent again.
    expect(rows!.filter((row) => askedWith(row.rowId) !== 1).map((row) => row.rowId)).toEqual([]);
    await second.core.close();
  }, 90_000);

  it('go on after a kill -9 mid-notes, without sending a finished part again', async () => {
    const [rows] = keep(longMeeting('long', 3));
    // Pro, one part at a time, and the key, kept as a user's are for the start after the kill.
    await (await openCore('pro')).core.close();
    // Parts above the model's size are refused as too long and split, as in the first test.
    fake.setContextLimit(30_000);
    // The child's key check, the first part and its re-ask answer at once; every later answer is
    // held until after the kill, so nothing is answered that main had no time to keep.
    for (let n = 0; n < 3; n++) fake.chat.next({ latencyMs: 0 });
    fake.setLatency(120_000);
    const child = startChild('notes-child.ts', [dir, fake.baseUrl, fake.keys.pro, 'long']);
    try {
      await expect.poll(partsKept, { timeout: 60_000 }).toBeGreaterThan(0);
    } finally {
      await child.kill();
    }
    // One part answered and kept; the next one's request was in flight when the child went.
    expect(partsKept()).toBe(1);
    expect(notesRequests().filter((entry) => entry.status === 200 && !JSON.stringify(entry.body).includes(RETRY_HEAD))).toHaveLength(1);
    fake.setLatency(0);

    const second = await openCore('pro');
    const job = second.core.models.jobs.list().find((each) => each.kind === 'notes')!;
    await expect.poll(() => second.core.models.jobs.get(job.id)?.state, { timeout: 60_000 }).toMatch(/done|failed/);
    expect(second.core.models.jobs.get(job.id)).toMatchObject({ state: 'done', failure: null, problem: null });
    const made = (await second.invoke<TranscriptNotes | null>('notes:get', { transcriptId: 'long' }))!;
    expect(made.covers).toEqual([{ startMs: rows![0]!.startMs, endMs: rows!.at(-1)!.endMs }]);
    expect(made.notCovered).toEqual([]);
    // Every row answered in exactly one request: the part finished before the kill was not sent again.
    expect(rows!.filter((row) => askedWith(row.rowId) !== 1).map((row) => row.rowId)).toEqual([]);
    await second.core.close();
  }, 120_000);

  it('keep the parts done on Stop, naming the rest as not covered, and Resume makes only the rest', async () => {
    const [rows] = keep(longMeeting('long', 3));
    const { core, invoke, notes } = await openCore('pro');
    fake.chat.next({});
    fake.chat.next({});
    fake.chat.next({ latencyMs: 60_000 });
    await invoke('notes:make', { transcriptId: 'long', templateId: 'meeting' });
    await expect.poll(() => notesRequests().length, { timeout: 20_000 }).toBe(3);
    const job = core.models.jobs.list().find((each) => each.kind === 'notes')!;
    await invoke('modelJobs:cancel', { id: job.id });
    await expect.poll(() => notes.at(-1)?.type, { timeout: 20_000 }).toMatch(/done|failed/);
    const end = notes.at(-1)!;
    expect(end, JSON.stringify(end)).toMatchObject({ type: 'done' });
    const kept = (end as { notes: TranscriptNotes }).notes;
    // The first part's items are kept; the stretch after it is named as not covered.
    expect(kept.items.some((item) => item.status === 'supported')).toBe(true);
    expect(kept.covers).toHaveLength(1);
    expect(kept.covers[0]!.startMs).toBe(rows![0]!.startMs);
    expect(kept.notCovered).toEqual([{ startMs: expect.any(Number), endMs: rows!.at(-1)!.endMs }]);
    expect(kept.notCovered[0]!.startMs).toBeGreaterThan(kept.covers[0]!.endMs!);

    await invoke('modelJobs:resume', { id: job.id });
    await expect.poll(() => core.models.jobs.get(job.id)?.state, { timeout: 60_000 }).toBe('done');
    const made = (await invoke<TranscriptNotes | null>('notes:get', { transcriptId: 'long' }))!;
    expect(made.covers).toEqual([{ startMs: rows![0]!.startMs, endMs: rows!.at(-1)!.endMs }]);
    expect(made.notCovered).toEqual([]);
    expect(rows!.filter((row) => askedWith(row.rowId) !== 1).map((row) => row.rowId)).toEqual([]);
    await core.close();
  }, 90_000);

  it('fill in the lines the user typed in the recorder\'s notes pad, read by main from the transcript', async () => {
    const record = spokenRecord('t1', 'Anna said the steel came late from the supplier. We decided to order the steel elsewhere.', 30);
    keep({ ...record, transcript: { ...record.transcript, notes: [{ text: 'Steel supplier?', at: 2 }, { text: '◆ Marker 1', at: 6 }] } });
    const { core, invoke, notes } = await openCore('pro');
    // The page names the transcript and the template only.
    await invoke('notes:make', { transcriptId: 't1', templateId: 'meeting' });
    await expect.poll(() => notes.at(-1)?.type, { timeout: 20_000 }).toMatch(/done|failed/);
    const end = notes.at(-1)!;
    expect(end, JSON.stringify(end)).toMatchObject({ type: 'done' });
    const items = (end as { notes: TranscriptNotes }).notes.items;
    expect(items.filter((item) => item.userText === 'Steel supplier?')).toHaveLength(1);
    expect(items.filter((item) => item.userText === '◆ Marker 1')).toHaveLength(1);
    expect(JSON.stringify(notesRequests()[0]!.body)).toContain('Steel supplier?');
    await core.close();
  });

  it('on Free ask through the JSON instruction and read the items past the model\'s <think>', async () => {
    keep(spokenRecord('t1', 'Anna said the steel came late from the supplier. We decided to order the steel elsewhere.', 30));
    const { core, invoke, notes } = await openCore('free');
    fake.chat.next({ think: 'The user wants {"items": [{"section": "summary", "text": "not this", "rows": []}]} so I answer.' });
    await invoke('notes:make', { transcriptId: 't1', templateId: 'meeting' });
    await expect.poll(() => notes.at(-1)?.type, { timeout: 20_000 }).toMatch(/done|failed/);
    const end = notes.at(-1)!;
    expect(end, JSON.stringify(end)).toMatchObject({ type: 'done' });
    const items = (end as { notes: TranscriptNotes }).notes.items;
    expect(items.some((item) => item.status === 'supported')).toBe(true);
    expect(items.some((item) => item.text === 'not this')).toBe(false);
    // Asked as askJson asks on Free: the JSON instruction as a plain prompt, no JSON mode.
    const asked = JSON.stringify(notesRequests()[0]!.body);
    expect(asked).toContain(JSON_MODE_INSTRUCTION);
    expect(asked).not.toContain('response_format');
    // The job's tokens used were counted from the answers.
    expect(core.models.jobs.list().find((job) => job.kind === 'notes')!.usage.total_tokens).toBeGreaterThan(0);
    await core.close();
  });
});
