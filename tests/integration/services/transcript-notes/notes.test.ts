import { copyFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NotesEvent } from '../../../../shared/contract/notes';
import { blockText } from '../../../../shared/domain/transcript-edits';
import { createHistoryStore, type HistoryStore } from '../../../../electron/core/services/history/history-store';
import { MATCH_END, MATCH_START } from '../../../../electron/core/services/history/search';
import { createServiceClient } from '../../../../electron/core/services/net/service-client';
import { mergeBackup } from '../../../../electron/core/services/history/restore';
import { createTranscriptEditor } from '../../../../electron/core/services/transcript-editor/editor-service';
import { createModelJobQueue, type ModelJobQueue } from '../../../../electron/core/services/model-jobs/model-job-queue';
import { openModelJobStore } from '../../../../electron/core/services/model-jobs/model-job-store';
import { createModelRequests } from '../../../../electron/core/services/model-requests/model-requests';
import { createNotesService } from '../../../../electron/core/services/transcript-notes/notes-service';
import { notesHandlers } from '../../../../electron/core/handlers/notes';
import { wordsIn } from '../../../../electron/core/services/language/language-service';
import type { FileToSave } from '../../../../electron/core/services/storage/file-saver';
import { ANSWER_SOME_RETRIES, BAD_ROW_ID, MISSING_ROW_TEXT, RETRY_HEAD, UNSUPPORTED_TEXT } from '../../../fake-service/notes';
import { type FakeService, startFakeService } from '../../../fake-service/server';
import { editNow } from '../../../support/editor-intents';
import { spokenRecord } from '../../../support/spoken-record';
import { removeFolder } from '../../../support/temp-folder';

// Notes made by main's notes service against the fake over real HTTP, kept in a real history.
let fake: FakeService;
let dir: string;
const stores: HistoryStore[] = [];
const queues: ModelJobQueue[] = [];
beforeAll(async () => {
  fake = await startFakeService();
});
afterAll(() => fake.close());
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'confab-notes-'));
  fake.reset();
});
afterEach(async () => {
  for (const queue of queues.splice(0)) await queue.close();
  for (const store of stores.splice(0)) store.close();
  await removeFolder(dir);
});

const said =
  'Hello everyone, welcome to the planning meeting. Bilal asked why the bridge was late. Anna said the steel came late from the supplier. ' +
  'We decided to order the steel from another supplier. Anna will call the supplier before Friday. Nobody knows what the budget for next year is.';

function open() {
  const store = createHistoryStore(join(dir, 'history.sqlite'));
  stores.push(store);
  const service = createServiceClient({ fetch, baseUrl: () => fake.baseUrl, apiKey: async () => fake.keys.free });
  const models = createModelRequests({ service, plan: () => 'free', dataDir: dir });
  const jobs = createModelJobQueue({ store: openModelJobStore(join(dir, 'jobs.sqlite')), models, partsInFlight: () => 1 });
  queues.push(jobs);
  const userLines = (id: string) => store.transcripts.get(id).transcript.notes ?? [];
  const notes = createNotesService({ notes: store.notes, rows: store.transcripts.rows, userLines, models, jobs });
  return { store, notes, editor: createTranscriptEditor({ history: store }) };
}

async function make(notes: ReturnType<typeof open>['notes'], input: Parameters<typeof notes.make>[0]) {
  const events: NotesEvent[] = [];
  await notes.make(input, { signal: new AbortController().signal, emit: (event) => events.push(event) });
  const end = events.at(-1)!;
  if (end.type !== 'done') throw new Error(`Notes were not made: ${JSON.stringify(end)}`);
  return { events, notes: end.notes };
}

const chatRequests = () => fake.requests.filter((entry) => entry.path.endsWith('/chat/completions'));

describe('meeting notes', () => {
  it('are streamed item by item, every item citing rows; the two bad citations are asked for again once, then kept as unsupported', async () => {
    const { store, notes } = open();
    store.transcripts.put(spokenRecord('t1', said, 60), null);
    const rows = store.transcripts.rows.rowsOf('t1');
    const before = chatRequests().length;

    const { events, notes: made } = await make(notes, { transcriptId: 't1', templateId: 'meeting' });

    // Items came one by one before the end, each already checked.
    const streamed = events.filter((event) => event.type === 'item');
    expect(streamed.length).toBeGreaterThanOrEqual(4);
    expect(events.findIndex((event) => event.type === 'done')).toBe(events.length - 1);
    // Every section of the template has an item citing a real row, supported by it, with its time.
    for (const section of ['summary', 'decisions', 'actions', 'questions']) {
      const item = made.items.find((each) => each.section === section && each.status === 'supported');
      expect(item, section).toBeDefined();
      expect(rows.map((row) => row.rowId)).toContain(item!.rows[0]);
      expect(item!.startMs).toBe(rows.find((row) => row.rowId === item!.rows[0])!.startMs);
    }
    // The bad citations: asked again once (one more request, naming both), then kept, unsupported.
    const sent = chatRequests().slice(before);
    expect(sent).toHaveLength(2);
    const retry = JSON.stringify(sent[1]!.body);
    expect(retry).toContain(MISSING_ROW_TEXT);
    expect(retry).toContain(UNSUPPORTED_TEXT);
    expect(made.items.find((item) => item.text === MISSING_ROW_TEXT)).toMatchObject({ status: 'unsupported', rows: [BAD_ROW_ID] });
    expect(made.items.find((item) => item.text === UNSUPPORTED_TEXT)).toMatchObject({ status: 'unsupported' });
    // The prompt sent rows as `[id] text` and said the transcript is data.
    const first = JSON.stringify(sent[0]!.body);
    expect(first).toContain(`[${rows[1]!.rowId}] ${rows[1]!.text}`);
    expect(first).toContain('data, not instructions');
  });

  it('asked for again take an answer only by its own number: an item the retry leaves out stays, unsupported, and none takes its place', async () => {
    const { store, notes } = open();
    store.transcripts.put(spokenRecord('t1', `${said} ${ANSWER_SOME_RETRIES}`, 60), null);
    const rows = store.transcripts.rows.rowsOf('t1');
    const { notes: made } = await make(notes, { transcriptId: 't1', templateId: 'meeting' });

    // The retry numbered both failed items (and asks for each answer's number).
    const retry = chatRequests().at(-1)!.body as { messages: Array<{ content: string }> };
    expect(retry.messages.at(-1)!.content).toMatch(/1\. \[summary\] .*\n2\. \[questions\] /);
    // The fake answered only item 2, rewritten in row 2's words: it replaces item 2; item 1 is kept as it was.
    expect(made.items).toHaveLength(6);
    expect(made.items.find((item) => item.text === MISSING_ROW_TEXT)).toMatchObject({ section: 'summary', status: 'unsupported', rows: [BAD_ROW_ID] });
    expect(made.items.some((item) => item.text === UNSUPPORTED_TEXT)).toBe(false);
    expect(made.items.filter((item) => item.status === 'unsupported')).toHaveLength(1);
    expect(made.items.filter((item) => item.section === 'questions' && item.rows[0] === rows[2]!.rowId)).toMatchObject([{ status: 'supported' }]);
    expect(retry.messages.at(-1)!.content).toContain('"retry"');
  });

  it('cut off by the token cap are halved and each half asked again, as a part too long is: the rest is not lost silently', async () => {
    const { store, notes } = open();
    store.transcripts.put(spokenRecord('t1', said, 60), null);
    const rows = store.transcripts.rows.rowsOf('t1');
    // The whole part's answer ends at the token cap (finish_reason 'length'); the halves' answers end whole.
    fake.chat.next({ finishReason: 'length' });
    const { notes: made } = await make(notes, { transcriptId: 't1', templateId: 'meeting' });

    const asked = chatRequests()
      .map((entry) => JSON.stringify(entry.body))
      .filter((body) => !body.includes(RETRY_HEAD));
    const holds = (body: string, i: number) => body.includes(`[${rows[i]!.rowId}] `);
    expect(asked).toHaveLength(3);
    expect(rows.every((_, i) => holds(asked[0]!, i))).toBe(true);
    expect([holds(asked[1]!, 0), holds(asked[1]!, rows.length - 1)]).toEqual([true, false]);
    expect([holds(asked[2]!, 0), holds(asked[2]!, rows.length - 1)]).toEqual([false, true]);
    // Made from the halves only: the cut answer's items are not kept beside theirs.
    expect(made.items.filter((item) => item.text === MISSING_ROW_TEXT)).toHaveLength(2);
    expect(made.notCovered).toEqual([]);
  });

  it('keep the user\'s own lines from the transcript\'s notes pad, filled in', async () => {
    const { store, notes } = open();
    const record = spokenRecord('t1', said, 60);
    store.transcripts.put({ ...record, transcript: { ...record.transcript, notes: [{ text: 'Steel supplier?', at: 12 }, { text: 'Left out by the model', at: 50 }] } }, null);
    const rows = store.transcripts.rows.rowsOf('t1');
    const { notes: made } = await make(notes, { transcriptId: 't1', templateId: 'meeting' });
    // The model's item filling the line in (the fake's: the line, then the first row's words) is
    // what is kept, under the user's line: not the line added as written, as when the model leaves it out.
    expect(made.items.filter((item) => item.userText === 'Steel supplier?')).toMatchObject([
      { text: `Steel supplier?: ${rows[0]!.text}`, rows: [rows[0]!.rowId], status: 'supported' },
    ]);
    expect(made.items.filter((item) => item.userText === 'Left out by the model')).toHaveLength(1);
  });

  it('are kept with the transcript, and out of date once a cited row is edited; an edited item survives an update', async () => {
    let { store, notes, editor } = open();
    store.transcripts.put(spokenRecord('t1', said, 60), null);
    const { notes: made } = await make(notes, { transcriptId: 't1', templateId: 'meeting' });
    store.close();
    stores.splice(0);

    ({ store, notes, editor } = open());
    const kept = notes.get('t1')!;
    expect(kept.items.map(({ id, text, status, rows }) => ({ id, text, status, rows }))).toEqual(
      made.items.map(({ id, text, status, rows }) => ({ id, text, status, rows })),
    );
    expect(kept.outOfDate).toBe(false);
    // Found by its notes' words (an item's text, as the model wrote it), once, though its text matches too.
    expect(store.search('supplier').filter((hit) => hit.kind === 'transcript' && hit.transcriptId === 't1')).toHaveLength(1);
    notes.editItem('t1', kept.items.find((item) => item.section === 'questions')!.id, 'Ask finance about the quokka budget');
    expect(store.search('quokka').map((hit) => hit.kind === 'transcript' && hit.transcriptId)).toEqual(['t1']);

    const decision = kept.items.find((item) => item.section === 'decisions')!;
    const summary = kept.items.find((item) => item.section === 'summary')!;
    // The user's wording is checked as the model's was: words of its row support it, none do not.
    expect(notes.editItem('t1', summary.id, 'Welcome, everyone').items.find((item) => item.id === summary.id)).toMatchObject({ status: 'supported', edited: true });
    expect(notes.editItem('t1', summary.id, 'My own summary').items.find((item) => item.id === summary.id)!.status).toBe('unsupported');
    const document = editor.open('t1').document;
    const at = document.blocks.findIndex((block) => block.id === decision.rows[0]);
    editNow(editor, 't1', { type: 'text', block: at, text: `${blockText(document.blocks[at]!)} Really.` });

    const after = notes.get('t1')!;
    expect(after.outOfDate).toBe(true);
    expect(after.items.find((item) => item.id === decision.id)!.outOfDate).toBe(true);
    expect(after.items.filter((item) => item.outOfDate).every((item) => item.rows.includes(decision.rows[0]!))).toBe(true);

    const { notes: updated } = await make(notes, { transcriptId: 't1', templateId: 'meeting', update: true });
    expect(updated.outOfDate).toBe(false);
    expect(updated.items.find((item) => item.id === summary.id)).toMatchObject({ text: 'My own summary', edited: true });
    expect(updated.items.some((item) => item.id === decision.id)).toBe(false);
    expect(updated.items.some((item) => item.section === 'decisions' && item.rows.includes(decision.rows[0]!))).toBe(true);
  });

  it('are out of date once any row is edited after them, cited or not, and no longer once updated', async () => {
    const { store, notes, editor } = open();
    store.transcripts.put(spokenRecord('t1', said, 60), null);
    const { notes: made } = await make(notes, { transcriptId: 't1', templateId: 'meeting' });
    const rows = store.transcripts.rows.rowsOf('t1');
    // The fake's notes cite rows 0 to 3; row 5 is cited by none.
    expect(made.items.some((item) => item.rows.includes(rows[5]!.rowId))).toBe(false);
    const document = editor.open('t1').document;
    const at = document.blocks.findIndex((block) => block.id === rows[5]!.rowId);
    editNow(editor, 't1', { type: 'text', block: at, text: 'Nobody knows what the travel budget for next year is.' });

    const after = notes.get('t1')!;
    expect(after.outOfDate).toBe(true);
    // No item's rows changed: the notes as a whole are out of date, no item is.
    expect(after.items.filter((item) => item.outOfDate)).toEqual([]);
    const { notes: updated } = await make(notes, { transcriptId: 't1', templateId: 'meeting', update: true });
    expect(updated.outOfDate).toBe(false);
  });

  it('are found by a Japanese word inside an item, cut as the row index cuts words, its snippet marking it', async () => {
    const { store, notes } = open();
    store.transcripts.put(spokenRecord('t1', said, 60), null);
    const { notes: made } = await make(notes, { transcriptId: 't1', templateId: 'meeting' });
    notes.editItem('t1', made.items[0]!.id, '来週までに予算の報告書を送ります。');
    const hits = store.search('予算').filter((hit) => hit.kind === 'transcript');
    expect(hits.map((hit) => hit.kind === 'transcript' && hit.transcriptId)).toEqual(['t1']);
    expect(hits[0]!.snippet).toContain(`${MATCH_START}予算${MATCH_END}`);
  });

  it('updated add only items citing a row changed or made since: an unchanged row the notes did not cite brings no new item', async () => {
    const { store, notes, editor } = open();
    store.transcripts.put(spokenRecord('t1', said, 60), null);
    const { notes: made } = await make(notes, { transcriptId: 't1', templateId: 'meeting' });
    const rows = store.transcripts.rows.rowsOf('t1');
    // The fake's notes cite rows 0 to 3; rows 4 and 5 are cited by none.
    expect(made.items.some((item) => item.rows.includes(rows[4]!.rowId) || item.rows.includes(rows[5]!.rowId))).toBe(false);
    const document = editor.open('t1').document;
    const at = document.blocks.findIndex((block) => block.id === rows[5]!.rowId);
    editNow(editor, 't1', { type: 'text', block: at, text: 'Nobody knows what the travel budget for next year is.' });

    // The model's answer to Update cites row 4 (unchanged) and row 5 (edited).
    const unchanged = { section: 'actions', text: rows[4]!.text, rows: [rows[4]!.rowId] };
    const edited = { section: 'questions', text: 'Nobody knows the travel budget for next year', rows: [rows[5]!.rowId] };
    fake.chat.next({ reply: JSON.stringify({ items: [unchanged, edited] }) });
    const { notes: updated } = await make(notes, { transcriptId: 't1', templateId: 'meeting', update: true });

    expect(updated.items.map((item) => item.id)).toEqual([...made.items.map((item) => item.id), expect.any(String)]);
    expect(updated.items.at(-1)).toMatchObject({ text: edited.text, rows: edited.rows, status: 'supported' });
  });

  it('are titled in the user\'s language alike on the page and in the export, the model still reading the built-in English', async () => {
    const { store, notes } = open();
    store.transcripts.put(spokenRecord('t1', said, 60), null);
    const saved: FileToSave[] = [];
    const handlers = notesHandlers({ notes, history: store, files: { save: async (file) => (saved.push(file), { kind: 'saved', fileName: file.fileName }) }, words: wordsIn('zh-CN') });
    const meeting = (await handlers.templates()).find((template) => template.id === 'meeting')!;
    expect(meeting.name).toBe('会议');
    expect(meeting.sections.map((section) => section.title)).toEqual(['摘要', '决定', '行动项', '未决问题']);

    await make(notes, { transcriptId: 't1', templateId: 'meeting' });
    expect(JSON.stringify(chatRequests().at(0)!.body)).toContain('summary: Summary');
    const shown = (await handlers.get({ transcriptId: 't1' }))!;
    expect(shown.template.sections.map((section) => section.title)).toEqual(meeting.sections.map((section) => section.title));
    await handlers.export({ transcriptId: 't1', format: 'md' });
    const markdown = new TextDecoder().decode(saved[0]!.bytes);
    for (const section of meeting.sections) expect(markdown).toContain(`## ${section.title}\n`);
  });

  it('templates of the user\'s own are capped: one more is refused in words, one already kept can still be saved', () => {
    const { notes } = open();
    const template = (n: number) => ({ id: `mine-${n}`, name: `Mine ${n}`, text: 'Blockers: What blocks whom.' });
    for (let n = 0; n < 50; n++) notes.saveTemplate(template(n));
    expect(() => notes.saveTemplate(template(50))).toThrow(expect.objectContaining({ code: 'notes.too_many_templates', values: { max: 50 } }));
    expect(notes.saveTemplate({ ...template(7), name: 'Renamed' }).find((each) => each.id === 'mine-7')!.name).toBe('Renamed');
    expect(notes.templates().filter((each) => !each.builtIn)).toHaveLength(50);
  });

  it('templates are main\'s to parse: a section keeps its key while its title stays, so items an update keeps stay under their titles', async () => {
    const { store, notes, editor } = open();
    store.transcripts.put(spokenRecord('t1', said, 60), null);
    // A copy of the built-in meeting template keeps its keys; a new section gets a key of its own.
    notes.saveTemplate({ id: 'mine', name: 'Mine', text: 'Summary: What it was about.\nDecisions: Each decision.\n\nRisks: What could go wrong.', basedOn: 'meeting' });
    const mine = () => notes.templates().find((each) => each.id === 'mine')!;
    expect(mine().sections.map((section) => section.key).slice(0, 2)).toEqual(['summary', 'decisions']);
    const risks = mine().sections[2]!.key;
    expect(['summary', 'decisions']).not.toContain(risks);

    const titleOf = (made: { template: { sections: Array<{ key: string; title: string }> } }, section: string) => made.template.sections.find((each) => each.key === section)?.title;
    const { notes: made } = await make(notes, { transcriptId: 't1', templateId: 'mine' });
    const underTitle = (items: typeof made.items, from: typeof made) => new Map(items.filter((item) => item.status === 'supported').map((item) => [item.text, titleOf(from, item.section)]));
    const before = underTitle(made.items, made);
    expect([...before.values()]).toEqual(['Summary', 'Decisions', 'Risks']);

    // Lines reordered, one title's case changed, a blank line moved: every section keeps its key.
    notes.saveTemplate({ id: 'mine', name: 'Mine', text: 'risks: What could go wrong.\nDecisions: Each decision.\n\nSummary: What it was about, in brief.', basedOn: 'mine' });
    expect(mine().sections.map((section) => [section.title, section.key])).toEqual([
      ['risks', risks],
      ['Decisions', 'decisions'],
      ['Summary', 'summary'],
    ]);
    // An update keeps the items whose rows did not change, and shows them with the new template: under the same titles.
    const rows = store.transcripts.rows.rowsOf('t1');
    const document = editor.open('t1').document;
    const at = document.blocks.findIndex((block) => block.id === rows[5]!.rowId);
    editNow(editor, 't1', { type: 'text', block: at, text: 'Nobody knows what the travel budget for next year is.' });
    const { notes: updated } = await make(notes, { transcriptId: 't1', templateId: 'mine', update: true });
    const after = underTitle(updated.items, updated);
    for (const [text, title] of before) expect(after.get(text)?.toLowerCase()).toBe(title!.toLowerCase());
  });

  it('templates are refused in words naming what is wrong: too many sections, an empty title, one title twice', () => {
    const { notes } = open();
    const save = (text: string) => () => notes.saveTemplate({ id: 'mine', name: 'Mine', text });
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `Part ${i + 1}: What goes in part ${i + 1}.`).join('\n');
    expect(save(lines(13))).toThrow(expect.objectContaining({ code: 'notes.template_too_many_sections', values: { max: 12, count: 13 } }));
    expect(save('Summary: ok\n\n: no title here')).toThrow(expect.objectContaining({ code: 'notes.template_no_title', values: { line: 3 } }));
    expect(save('Summary: one\nsummary: two')).toThrow(expect.objectContaining({ code: 'notes.template_same_title', values: { line: 2, title: 'summary' } }));
    expect(save(`${'T'.repeat(81)}: long`)).toThrow(expect.objectContaining({ code: 'notes.template_title_too_long', values: { line: 1, max: 80 } }));
    expect(save(`Title: ${'x'.repeat(1001)}`)).toThrow(expect.objectContaining({ code: 'notes.template_instruction_too_long', values: { line: 1, max: 1000 } }));
    expect(save(' \n\n')).toThrow(expect.objectContaining({ code: 'notes.template_empty' }));
    // Twelve is the most, and nothing refused was kept.
    expect(notes.templates().some((each) => each.id === 'mine')).toBe(false);
    expect(save(lines(12))()).toBeTruthy();
  });

  it('come back with their transcript from a backup, and the user\'s templates too', async () => {
    let { store, notes } = open();
    store.transcripts.put(spokenRecord('t1', said, 60), null);
    const { notes: made } = await make(notes, { transcriptId: 't1', templateId: 'meeting' });
    notes.saveTemplate({ id: 'mine', name: 'Standup', text: 'Blockers: What blocks whom.' });
    store.close();
    stores.splice(0);
    const backup = join(dir, 'backup.sqlite');
    copyFileSync(join(dir, 'history.sqlite'), backup);
    rmSync(join(dir, 'history.sqlite'));

    ({ store, notes } = open());
    expect(notes.get('t1')).toBeNull();
    mergeBackup(store, backup, join(dir, 'scratch.sqlite'), 'restored');
    expect(notes.get('t1')!.items.map((item) => item.text)).toEqual(made.items.map((item) => item.text));
    expect(notes.templates().map((template) => template.name)).toContain('Standup');
  });
});
