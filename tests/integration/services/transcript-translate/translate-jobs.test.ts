import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Translation } from '../../../../shared/contract/translation';
import type { TranscriptRecord } from '../../../../shared/contract/transcription';
import { createCore } from '../../../../electron/core/core';
import type { FileToSave } from '../../../../electron/core/services/storage/file-saver';
import { createHistoryStore } from '../../../../electron/core/services/history/history-store';
import { SYNOPSIS_HEAD, TRANSLATE_HEAD } from '../../../fake-service/translate';
import { type FakeService, startFakeService } from '../../../fake-service/server';
import { startChild } from '../../../support/killable-child';
import { memoryKeytar } from '../../../support/memory-keytar';
import { longMeeting } from '../../../support/spoken-record';
import { removeFolder } from '../../../support/temp-folder';

// Translations as model jobs, through the whole core against the fake over real HTTP: row ids and
// text go to the model, never times, so whatever the model gets wrong (a row dropped, renumbered,
// merged, an unreadable answer, a row it never translates) the translation covers exactly the
// original rows at their times; names and terms go with every batch; a kill -9 mid-translation
// and a restart finish it without sending a finished batch again.
let fake: FakeService;
let dir: string;
beforeAll(async () => {
  fake = await startFakeService({ defaultIntervalMs: 0 });
});
afterAll(() => fake.close());
beforeEach(async () => {
  fake.reset();
  dir = await mkdtemp(join(tmpdir(), 'confab-translate-'));
  return () => removeFolder(dir);
});

/** A meeting of exactly 1,000 rows, one sentence every 4 seconds. */
const THOUSAND = () => longMeeting('long', 4000 / 3600);

function keep(record: TranscriptRecord) {
  const store = createHistoryStore(join(dir, 'history.sqlite'));
  store.transcripts.put(record, null);
  const rows = store.transcripts.rows.rowsOf(record.id);
  store.close();
  return rows;
}

const keytar = memoryKeytar();
async function openCore(plan: 'free' | 'pro', partsInFlight = 2) {
  const saved: FileToSave[] = [];
  const core = await createCore({ userDataDir: dir, initialBaseUrl: fake.baseUrl, keytar, fileSaver: { save: async (file) => (saved.push(file), { kind: 'saved' as const, fileName: file.fileName }) } });
  const invoke = async <T>(channel: string, input?: unknown) => {
    const result = await core.router.invoke(channel, input, { send: () => undefined });
    if (!result.ok) throw new Error(result.error.message);
    return result.value as T;
  };
  await invoke('settings:update', { plan, partsInFlight });
  await invoke('secrets:setKey', { key: plan === 'pro' ? fake.keys.pro : fake.keys.free });
  return { core, invoke, saved };
}

/** The translation batches the fake answered, as their request bodies' text. */
const batches = () =>
  fake.requests.filter((entry) => entry.path.endsWith('/chat/completions') && entry.status === 200 && JSON.stringify(entry.body).includes(TRANSLATE_HEAD)).map((entry) => JSON.stringify(entry.body));

/** How many answered batches carried this row to translate (a row is a line of the fenced data, after the "Rows to translate" head). */
const sentWith = (rowId: string) => batches().filter((body) => body.split('Rows to translate:')[1]!.includes(`\\n[${rowId}] `)).length;

async function finished(invoke: <T>(channel: string, input?: unknown) => Promise<T>, core: Awaited<ReturnType<typeof createCore>>, language: string) {
  const started = await invoke<Translation>('translation:get', { transcriptId: 'long', language });
  const jobId = started.jobId!;
  await expect.poll(() => core.models.jobs.get(jobId)?.state, { timeout: 90_000 }).toMatch(/done|failed|cancelled/);
  expect(core.models.jobs.get(jobId)).toMatchObject({ state: 'done', failure: null, problem: null });
  return (await invoke<Translation>('translation:get', { transcriptId: 'long', language }))!;
}

/** SRT cues read back: index, times in ms, text. */
function readSrt(text: string) {
  const ms = (stamp: string) => {
    const [h, m, s] = stamp.replace(',', '.').split(':').map(Number);
    return Math.round(((h! * 60 + m!) * 60 + s!) * 1000);
  };
  return text
    .trim()
    .split(/\n\n/)
    .map((block) => {
      const [index, times, ...lines] = block.split('\n');
      const [start, end] = times!.split(' --> ');
      return { index: Number(index), startMs: ms(start!), endMs: ms(end!), text: lines.join('\n') };
    });
}

describe('a translation as a model job', () => {
  it('of 1,000 rows the model gets wrong in every way ends with 1,000 rows at the original times, 999 translated and 1 untranslated', async () => {
    const rows = keep(THOUSAND());
    const { core, invoke, saved } = await openCore('pro');
    for (const mischief of ['drop', 'renumber', 'merge', 'invalid'] as const) fake.translation.next({ mischief });
    const failing = rows[500]!.rowId;
    fake.failTranslationRow(failing);
    await invoke('translation:start', { transcriptId: 'long', language: 'de' });
    const made = await finished(invoke, core, 'de');

    expect(made.rows.map((row) => row.id)).toEqual(rows.map((row) => row.rowId));
    expect(made.counts).toEqual({ rows: 1000, translated: 999, untranslated: 1, stale: 0, pending: 0 });
    expect(made.rows.find((row) => row.status === 'untranslated')).toEqual({ id: failing, text: rows[500]!.text, original: rows[500]!.text, status: 'untranslated', edited: false });
    // Each translated row holds its own row's text: nothing shifted, merged or emptied.
    made.rows.forEach((row, i) => row.status === 'translated' && expect(row.text).toBe(`de: ${rows[i]!.text}`));
    expect(fake.translation.pending).toBe(0);
    // Times never went to the model.
    expect(batches().some((body) => /\d\d:\d\d|startMs|"start"/.test(body.split('Rows to translate:')[1]!))).toBe(false);

    await invoke('translation:export', { transcriptId: 'long', language: 'de', format: 'srt', bilingual: false });
    const cues = readSrt(Buffer.from(saved.at(-1)!.bytes).toString('utf8'));
    expect(cues.map((cue) => [cue.startMs, cue.endMs])).toEqual(rows.map((row) => [row.startMs, row.endMs]));
    expect(cues.filter((cue) => !cue.text.trim())).toEqual([]);
    await core.close();
  }, 120_000);

  it('on Free, in numbered lines past the reasoning, spells a name and term the same in every batch', async () => {
    const rows = keep(THOUSAND());
    const { core, invoke } = await openCore('free');
    // Every answer thinks aloud first, in lines that look like rows: they must not be read as rows.
    for (let n = 0; n < 40; n++) fake.chat.next({ think: `[${rows[n]!.rowId}] Nein, das ist falsch.\nLet me translate.` });
    await invoke('translation:setGlossary', { transcriptId: 'long', language: 'fr', entries: [{ term: 'planning group', spelling: 'Groupe Planif' }] });
    await invoke('translation:start', { transcriptId: 'long', language: 'fr' });
    const made = await finished(invoke, core, 'fr');
    expect(made.counts).toMatchObject({ rows: 1000, translated: 1000 });
    expect(made.rows.filter((row) => !row.text.includes('Groupe Planif'))).toEqual([]);
    // Every batch carried the glossary; no batch asked for JSON mode.
    expect(batches().length).toBeGreaterThan(5);
    expect(batches().filter((body) => !body.includes('planning group → Groupe Planif'))).toEqual([]);
    expect(batches().filter((body) => body.includes('json_object'))).toEqual([]);
    expect(made.synopsis).toMatch(/^A meeting of \d+ rows\.$/);
    // Each row went in exactly one answered batch.
    expect(rows.filter((row) => sentWith(row.rowId) !== 1).map((row) => row.rowId)).toEqual([]);
    await core.close();
  }, 120_000);

  it('marks a row stale when its original is edited, translates again only that row, and exports markup as text', async () => {
    keep(THOUSAND());
    const { core, invoke, saved } = await openCore('pro');
    await invoke('translation:start', { transcriptId: 'long', language: 'ja' });
    await finished(invoke, core, 'ja');
    const { version } = await invoke<{ version: number }>('transcriptEditor:open', { id: 'long' });
    await invoke('transcriptEditor:edit', { id: 'long', version, intent: { type: 'text', block: 3, text: 'Topic four was moved to Friday.' } });
    const stale = (await invoke<Translation>('translation:get', { transcriptId: 'long', language: 'ja' }))!;
    expect(stale.counts).toMatchObject({ translated: 999, stale: 1 });
    expect(stale.rows[3]).toMatchObject({ status: 'stale', text: 'ja: Topic 4 was reviewed by the planning group.' });

    const before = batches().length;
    const estimate = await invoke<{ rows: number }>('translation:estimate', { transcriptId: 'long', language: 'ja', only: 'unfinished' });
    expect(estimate.rows).toBe(1);
    await invoke('translation:start', { transcriptId: 'long', language: 'ja', only: 'unfinished' });
    const again = await finished(invoke, core, 'ja');
    expect(again.counts).toMatchObject({ translated: 1000, stale: 0 });
    expect(again.rows[3]).toMatchObject({ status: 'translated', text: 'ja: Topic four was moved to Friday.' });
    expect(batches().slice(before)).toHaveLength(1);

    // The user's wording (as a model's would be) is escaped for each format: no tag, no cue break.
    await invoke('translation:editRow', { transcriptId: 'long', language: 'ja', rowId: again.rows[0]!.id, text: '<b>太字</b> --> 次へ' });
    await invoke('translation:export', { transcriptId: 'long', language: 'ja', format: 'vtt', bilingual: true });
    const vtt = Buffer.from(saved.at(-1)!.bytes).toString('utf8');
    expect(vtt).toContain('&lt;b&gt;太字&lt;/b&gt; --&gt; 次へ');
    expect(vtt).not.toContain('<b>');
    await invoke('translation:export', { transcriptId: 'long', language: 'ja', format: 'srt', bilingual: false });
    const srt = Buffer.from(saved.at(-1)!.bytes).toString('utf8');
    expect(srt.split('\n').filter((line) => line.includes('-->') && !/^\d\d:/.test(line))).toEqual([]);
    await core.close();
  }, 120_000);

  it('halves a batch the model cut off at its token limit instead of keeping its cut rows', async () => {
    const rows = keep(longMeeting('long', 80 / 3600));
    const { core, invoke } = await openCore('pro');
    // The synopsis answers whole; the batch's answer ends at the token limit (finish_reason "length").
    fake.chat.next({});
    fake.chat.next({ finishReason: 'length' });
    await invoke('translation:start', { transcriptId: 'long', language: 'de' });
    const made = await finished(invoke, core, 'de');
    expect(made.counts).toMatchObject({ rows: 20, translated: 20 });
    // The cut answer was not kept: every row went again, in a half.
    expect(rows.filter((row) => sentWith(row.rowId) !== 2).map((row) => row.rowId)).toEqual([]);
    // Batches are asked whole: nothing shows their text as it arrives.
    expect(batches().filter((body) => body.includes('"stream":true'))).toEqual([]);
    await core.close();
  }, 60_000);

  it('leaves no ended translate job in jobs.sqlite after a new start, a removal or the transcript deleted', async () => {
    keep(longMeeting('long', 40 / 3600));
    const { core, invoke } = await openCore('pro');
    const translateJobs = () => core.models.jobs.list().filter((job) => job.kind === 'translate' && job.subject === 'long');
    await invoke('translation:start', { transcriptId: 'long', language: 'de' });
    await finished(invoke, core, 'de');
    await invoke('translation:start', { transcriptId: 'long', language: 'de' });
    expect(translateJobs()).toEqual([]);
    for (const language of ['fr', 'it']) {
      await invoke('translation:start', { transcriptId: 'long', language });
      await finished(invoke, core, language);
    }
    await invoke('translation:remove', { transcriptId: 'long', language: 'fr' });
    expect(translateJobs().map((job) => job.state)).toEqual([]);
    await invoke('translation:start', { transcriptId: 'long', language: 'es' });
    await finished(invoke, core, 'es');
    await invoke('transcription:remove', { id: 'long' });
    expect(translateJobs()).toEqual([]);
    await core.close();
  }, 60_000);

  it("refuses a blank wording of a row (it would vanish from the export) and keeps the row's text trimmed", async () => {
    const rows = keep(longMeeting('long', 40 / 3600));
    const { core, invoke } = await openCore('pro');
    await invoke('translation:setGlossary', { transcriptId: 'long', language: 'de', entries: [] });
    const edit = (text: string) => invoke<Translation>('translation:editRow', { transcriptId: 'long', language: 'de', rowId: rows[0]!.rowId, text });
    await expect(edit('   ')).rejects.toThrow();
    // Refused with a problem the page words in the user's language, not as an unexpected fault.
    const blank = await core.router.invoke('translation:editRow', { transcriptId: 'long', language: 'de', rowId: rows[0]!.rowId, text: ' \n ' }, { send: () => undefined });
    expect(blank).toMatchObject({ ok: false, error: { problem: { code: 'translation.row_blank', values: {} } } });
    expect((await invoke<Translation>('translation:get', { transcriptId: 'long', language: 'de' }))!.rows[0]).toMatchObject({ status: 'pending', edited: false });
    expect((await edit('  Meins. ')).rows[0]).toMatchObject({ text: 'Meins.', status: 'translated', edited: true });
    await core.close();
  }, 60_000);

  it('follows a split and a merge by row id (the kept row stale) and finds the translation\'s own wording for the editor\'s Find', async () => {
    const rows = keep(longMeeting('long', 40 / 3600));
    const { core, invoke } = await openCore('pro');
    const target = { transcriptId: 'long', language: 'de' };
    // Names and terms set first: a translation whose rows are all pending, two then worded by hand.
    await invoke('translation:setGlossary', { ...target, entries: [] });
    await invoke('translation:editRow', { ...target, rowId: rows[0]!.rowId, text: 'Die Brücke kam spät.' });
    await invoke('translation:editRow', { ...target, rowId: rows[2]!.rowId, text: 'brücken bauen' });
    const find = (find: string, options: { caseSensitive?: boolean; wholeWord?: boolean } = {}) =>
      invoke<Array<{ rowId: string; index: number; length: number }>>('translation:find', { ...target, find, caseSensitive: false, wholeWord: false, ...options });
    expect(await find('brücke')).toEqual([
      { rowId: rows[0]!.rowId, index: 4, length: 6 },
      { rowId: rows[2]!.rowId, index: 0, length: 6 },
    ]);
    expect(await find('Brücke', { caseSensitive: true })).toHaveLength(1);
    expect(await find('brücke', { wholeWord: true })).toEqual([{ rowId: rows[0]!.rowId, index: 4, length: 6 }]);
    // A pending row shows the original: its words are the original's matches, not the translation's.
    expect(await find(rows[1]!.text.split(' ')[0]!)).toEqual([]);
    await expect(find('')).rejects.toThrow();

    let { version } = await invoke<{ version: number }>('transcriptEditor:open', { id: 'long' });
    ({ version } = await invoke<{ version: number }>('transcriptEditor:edit', { id: 'long', version, intent: { type: 'split', block: 0, word: 2 } }));
    let now = (await invoke<Translation>('translation:get', target))!;
    expect(now.rows).toHaveLength(11);
    expect(now.rows[0]).toMatchObject({ id: rows[0]!.rowId, status: 'stale', text: 'Die Brücke kam spät.', edited: true });
    expect(now.rows[1]).toMatchObject({ status: 'pending' });
    // A merge keeps the first row's translation, stale against the merged text; the second's goes.
    await invoke('translation:editRow', { ...target, rowId: rows[1]!.rowId, text: 'Zeile zwei.' });
    await invoke('transcriptEditor:edit', { id: 'long', version, intent: { type: 'merge', block: 2 } });
    now = (await invoke<Translation>('translation:get', target))!;
    expect(now.rows).toHaveLength(10);
    expect(now.rows[2]).toMatchObject({ id: rows[1]!.rowId, status: 'stale', text: 'Zeile zwei.' });
    expect(now.rows.find((row) => row.id === rows[2]!.rowId)).toBeUndefined();
    await core.close();
  }, 60_000);

  it("sends pending rows with 'unfinished' when no job is translating them", async () => {
    keep(longMeeting('long', 40 / 3600));
    const { core, invoke } = await openCore('pro');
    // Names and terms set first: a translation whose 10 rows are all pending, and no job.
    await invoke('translation:setGlossary', { transcriptId: 'long', language: 'de', entries: [] });
    expect((await invoke<{ rows: number }>('translation:estimate', { transcriptId: 'long', language: 'de', only: 'unfinished' })).rows).toBe(10);
    await invoke('translation:start', { transcriptId: 'long', language: 'de', only: 'unfinished' });
    expect((await finished(invoke, core, 'de')).counts).toMatchObject({ rows: 10, translated: 10, pending: 0 });
    await core.close();
  }, 60_000);

  it('keeps the half of a halved batch already answered when a 429 ends the part, and does not send it again', async () => {
    const rows = keep(longMeeting('long', 40 / 3600));
    const { core, invoke } = await openCore('pro');
    // The synopsis; the batch answered unreadable (halved); its first half; its second half refused with a 429.
    fake.chat.next({});
    fake.translation.next({ mischief: 'invalid' });
    fake.chat.next({});
    fake.chat.next({});
    fake.chat.next({ status: 429, headers: { 'Retry-After': '1' } });
    await invoke('translation:start', { transcriptId: 'long', language: 'de' });
    expect((await finished(invoke, core, 'de')).counts).toMatchObject({ rows: 10, translated: 10 });
    // The first half went in the whole batch and its half, never again; the second half once more after the wait.
    expect(rows.map((row) => sentWith(row.rowId))).toEqual([2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
    await core.close();
  }, 60_000);

  it('asks for the synopsis once even when the model leaves it empty', async () => {
    keep(longMeeting('long', 800 / 3600));
    const { core, invoke } = await openCore('pro', 1);
    fake.chat.next({ reply: '' });
    await invoke('translation:start', { transcriptId: 'long', language: 'de' });
    const made = await finished(invoke, core, 'de');
    expect(made.counts).toMatchObject({ rows: 200, translated: 200 });
    expect(batches().length).toBeGreaterThan(2);
    expect(fake.requests.filter((entry) => JSON.stringify(entry.body ?? '').includes(SYNOPSIS_HEAD))).toHaveLength(1);
    expect(made.synopsis).toBeNull();
    await core.close();
  }, 60_000);

  it('refuses a translation into one language more than the cap, with the cap named', async () => {
    keep(longMeeting('long', 40 / 3600));
    const { core, invoke } = await openCore('pro');
    const languages = ['de', 'fr', 'it', 'es', 'pt', 'nl', 'sv', 'da', 'nb', 'fi', 'pl', 'cs', 'sk', 'hu', 'ro', 'bg', 'el', 'tr', 'ja', 'ko'];
    for (const language of languages) await invoke('translation:setGlossary', { transcriptId: 'long', language, entries: [] });
    const more = await core.router.invoke('translation:start', { transcriptId: 'long', language: 'zh' }, { send: () => undefined });
    expect(more).toMatchObject({ ok: false, error: { problem: { code: 'translation.full', values: { max: 20 } } } });
    expect((await invoke<unknown[]>('translation:list', { transcriptId: 'long' })).length).toBe(20);
    // One it has already is not one more.
    await invoke('translation:setGlossary', { transcriptId: 'long', language: 'de', entries: [{ term: 'planning group', spelling: 'Planungsgruppe' }] });
    await core.close();
  }, 60_000);

  it('goes on after a kill -9 mid-translation without sending a finished batch again', async () => {
    const rows = keep(THOUSAND());
    await (await openCore('pro', 1)).core.close();
    // The child's key check, the synopsis and the first three batches answer at once; every later
    // answer is held until after the kill, so nothing is answered that main had no time to keep.
    for (let n = 0; n < 5; n++) fake.chat.next({ latencyMs: 0 });
    fake.setLatency(120_000);
    const child = startChild('translate-child.ts', [dir, fake.baseUrl, fake.keys.pro, 'long', 'es']);
    try {
      await expect.poll(partsKept, { timeout: 60_000 }).toBe(3);
    } finally {
      await child.kill();
    }
    expect(batches()).toHaveLength(3);
    fake.setLatency(0);

    const second = await openCore('pro', 1);
    const job = second.core.models.jobs.list().find((each) => each.kind === 'translate')!;
    await expect.poll(() => second.core.models.jobs.get(job.id)?.state, { timeout: 90_000 }).toMatch(/done|failed/);
    const made = (await second.invoke<Translation>('translation:get', { transcriptId: 'long', language: 'es' }))!;
    expect(made.counts).toMatchObject({ rows: 1000, translated: 1000 });
    expect(rows.filter((row) => sentWith(row.rowId) !== 1).map((row) => row.rowId)).toEqual([]);
    await second.core.close();
  }, 150_000);
});

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
