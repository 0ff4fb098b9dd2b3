import { copyFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mammoth from 'mammoth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { subtitleRulesSchema } from '../../../../shared/domain/transcript';
import { effectiveSpeakers } from '../../../../shared/domain/transcript-edits';
import { createHistoryStore, type HistoryStore } from '../../../../electron/core/services/history/history-store';
import { mergeBackup } from '../../../../electron/core/services/history/restore';
import { createPeople } from '../../../../electron/core/services/people/people-service';
import { renameInTranscripts } from '../../../../electron/core/services/people/rename-in-transcripts';
import { peopleHandlers } from '../../../../electron/core/handlers/people';
import { MAX_PEOPLE, MAX_PERSON_NOTE_CHARS, peopleArea } from '../../../../shared/contract/people';
import { createTranscriptEditor } from '../../../../electron/core/services/transcript-editor/editor-service';
import { editedFile } from '../../../../electron/core/services/transcript-export/export-file';
import { talkTime } from '../../../../electron/core/services/transcript-export/talk-time';
import { wordsIn } from '../../../../electron/core/services/language/language-service';
import { removeFolder } from '../../../support/temp-folder';
import { spokenRecord } from '../../../support/spoken-record';
import { editNow } from '../../../support/editor-intents';

let dir: string;
let path: string;
const stores: HistoryStore[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'confab-people-'));
  path = join(dir, 'history.sqlite');
});
afterEach(async () => {
  for (const store of stores.splice(0)) store.close();
  await removeFolder(dir);
});

// Four rows: no two sentences fit in one cue of the default subtitle rules (84 characters).
const said =
  'Hello everyone and welcome to the weekly site meeting. Bilal asked why the bridge over the river was late again. ' +
  'Anna said the steel for the bridge came late from the mill. Then we talked about the budget for the rest of the year.';

/** A history with two transcripts, the people list over it (the user named Sam in Settings) and its editor. */
function open(seed = true) {
  const store = createHistoryStore(path);
  stores.push(store);
  if (seed && !store.transcripts.exists('t1')) {
    store.transcripts.put(spokenRecord('t1', said, 30), null);
    store.transcripts.put(spokenRecord('t2', said, 30), null);
  }
  let name: string | null = 'Sam';
  const people = createPeople({ history: store, selfName: () => name, fallbackSelfName: () => 'Me', renameSelf: async (next) => void (name = next) });
  return { store, people, editor: createTranscriptEditor({ history: store, people }) };
}

const speakerOf = (editor: ReturnType<typeof open>['editor'], id: string, row: number) => {
  const { document } = editor.open(id);
  const speaker = effectiveSpeakers(document.blocks)[row];
  return document.speakers.find((each) => each.id === speaker) ?? null;
};
const exportOptions = (people: ReturnType<typeof open>['people']) => ({ rules: subtitleRulesSchema.parse({}), speakerPrefix: true, timestamps: false, words: wordsIn('en'), resolvePerson: people.resolve });
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('people', () => {
  it('are listed with the user first, named as Settings keep it; a taken name is refused, and edits are kept', async () => {
    const { people } = open();
    people.add({ name: 'Zoë', colour: null, note: null });
    people.add({ name: 'Anna', colour: '#aa0000', note: 'Site lead' });
    expect(people.list().map((person) => [person.name, person.self])).toEqual([['Sam', true], ['Anna', false], ['Zoë', false]]);
    expect(() => people.add({ name: 'anna', colour: null, note: null })).toThrow(expect.objectContaining({ code: 'people.name_taken' }));
    const anna = people.list()[1]!;
    await people.edit(anna.id, { name: 'Anna K.', colour: null, note: 'Site lead' });
    expect(people.list()[1]).toMatchObject({ name: 'Anna K.', colour: null, note: 'Site lead' });
    // The user's own name is Settings': editing it renames it there.
    await people.edit('self', { name: 'Samira', colour: '#0000ff', note: null });
    expect(people.list()[0]).toMatchObject({ id: 'self', name: 'Samira', colour: '#0000ff', self: true });
  });

  it('holds at most MAX_PEOPLE people: one more is refused by name, from the list and from the editor', () => {
    const { store, people, editor } = open();
    store.batch(() => {
      for (let i = store.people.all().length; i < MAX_PEOPLE; i++) store.people.insert({ name: `Person ${i}`, colour: null, note: null });
    });
    expect(() => people.add({ name: 'Zoë', colour: null, note: null })).toThrow(expect.objectContaining({ code: 'people.list_full', values: { max: MAX_PEOPLE } }));
    expect(() => editNow(editor, 't1', { type: 'speaker', block: 1, speaker: { name: 'Zoë' } })).toThrow(expect.objectContaining({ code: 'people.list_full' }));
    // Someone already in the list is still given.
    editNow(editor, 't1', { type: 'speaker', block: 1, speaker: { name: 'Person 7' } });
  });

  it('a speaker named in one transcript is remembered, and the next transcript is given that person in one step, undone as one', () => {
    const { people, editor } = open();
    editNow(editor, 't1', { type: 'speaker', block: 1, speaker: { name: 'Bilal' } });
    const bilal = people.list().find((person) => person.name === 'Bilal')!;
    expect(bilal).toBeDefined();
    expect(speakerOf(editor, 't1', 1)).toMatchObject({ name: 'Bilal', person: bilal.id });

    // In the next transcript: rows 1–2 are Bilal's, row 3 keeps going as it did (no one).
    editNow(editor, 't2', { type: 'speaker', block: 0, speaker: { person: 'self' } });
    editNow(editor, 't2', { type: 'speaker', block: 1, to: 2, speaker: { person: bilal.id } });
    expect([0, 1, 2, 3].map((row) => speakerOf(editor, 't2', row)?.name)).toEqual(['Sam', 'Bilal', 'Bilal', 'Sam']);
    expect(speakerOf(editor, 't2', 1)!.person).toBe(bilal.id);
    editor.undo('t2');
    expect([0, 1, 2, 3].map((row) => speakerOf(editor, 't2', row)?.name)).toEqual(['Sam', 'Sam', 'Sam', 'Sam']);
  });

  it('rows given a speaker on an older version follow a split above them, and are refused when one of them changed since', () => {
    const { editor } = open();
    const base = editor.open('t1').version;
    // Another window splits row 1 meanwhile: rows 2–3 of the older version are rows 3–4 now.
    editNow(editor, 't1', { type: 'split', block: 0, word: 2 });
    editNow(editor, 't1', { type: 'speaker', block: 1, to: 2, speaker: { name: 'Anna' } }, base);
    // (Row 5 had no speaker: a document has no "no one" mark, so it goes on with Anna, as after any mark.)
    expect([1, 2, 3, 4, 5].map((row) => speakerOf(editor, 't1', row - 1)?.name ?? null)).toEqual([null, null, 'Anna', 'Anna', 'Anna']);
    expect(editor.open('t1').document.blocks.map((block) => block.speaker !== null)).toEqual([false, false, true, false, false]);

    const before = editor.open('t1').version;
    editNow(editor, 't1', { type: 'text', block: 3, text: 'Anna said the steel came late.' });
    const refused = editor.editAt('t1', { type: 'speaker', block: 2, to: 4, speaker: { name: 'Bilal' } }, before);
    expect(refused).toMatchObject({ outcome: 'refused', refusal: { code: 'row_changed', row: 2 } });
  });

  it('rows beyond the document are refused before anything is built for them, on an older version too', () => {
    const { editor } = open();
    const base = editor.open('t1').version;
    editNow(editor, 't1', { type: 'split', block: 0, word: 2 });
    // A hostile page: a range of two billion rows must be refused at once, not counted out.
    for (const version of [base, base + 1]) {
      expect(() => editor.editAt('t1', { type: 'speaker', block: 1, to: 2 ** 31 - 1, speaker: { name: 'Anna' } }, version)).toThrow(expect.objectContaining({ code: 'editor.no_row' }));
      expect(() => editor.editAt('t1', { type: 'merge', block: 9 }, version)).toThrow(expect.objectContaining({ code: 'editor.no_row' }));
    }
    expect(editor.open('t1').document.blocks).toHaveLength(5);
  });

  it('a renamed person changes past transcripts only when asked, as an editor step that search then finds', async () => {
    const { store, people, editor } = open();
    editNow(editor, 't1', { type: 'speaker', block: 2, speaker: { name: 'Anna' } });
    const anna = people.list().find((person) => person.name === 'Anna')!;
    await people.edit(anna.id, { name: 'Anna Kowalski', colour: null, note: null });
    expect(speakerOf(editor, 't1', 2)!.name).toBe('Anna');

    const version = editor.open('t1').version;
    expect(people.transcriptsOf(anna.id)).toEqual(['t1']);
    expect(renameInTranscripts(editor, people, anna.id)).toBe(1);
    expect(speakerOf(editor, 't1', 2)!.name).toBe('Anna Kowalski');
    expect(editor.open('t1').version).toBe(version + 1);
    expect(new Set(store.transcripts.rows.search('Kowalski', 10).map((hit) => hit.transcriptId))).toEqual(new Set(['t1']));
    editor.undo('t1');
    expect(speakerOf(editor, 't1', 2)!.name).toBe('Anna');
  });

  it('"only here" renames the person and this transcript’s speaker in one call to main, and a taken name changes neither', async () => {
    const { people, editor } = open();
    editNow(editor, 't1', { type: 'speaker', block: 2, speaker: { name: 'Anna' } });
    editNow(editor, 't2', { type: 'speaker', block: 2, speaker: { name: 'Anna' } });
    people.add({ name: 'Bilal', colour: null, note: null });
    const anna = people.list().find((person) => person.name === 'Anna')!;
    const handlers = peopleHandlers({ people, editor });
    await expect(handlers.edit({ id: anna.id, name: 'Bilal', colour: null, note: null, pastTranscripts: false, only: 't1' })).rejects.toMatchObject({ code: 'people.name_taken' });
    expect([speakerOf(editor, 't1', 2)!.name, people.resolve(anna.id)!.name]).toEqual(['Anna', 'Anna']);

    expect(await handlers.edit({ id: anna.id, name: 'Anna K.', colour: null, note: null, pastTranscripts: false, only: 't1' })).toMatchObject({ transcripts: 1 });
    expect([speakerOf(editor, 't1', 2)!.name, speakerOf(editor, 't2', 2)!.name, people.resolve(anna.id)!.name]).toEqual(['Anna K.', 'Anna', 'Anna K.']);
  });

  it('merging two people is one step, and its undo brings the merged person back', () => {
    const { people, editor } = open();
    editNow(editor, 't1', { type: 'speaker', block: 1, speaker: { name: 'Bil' } });
    const bil = people.list().find((person) => person.name === 'Bil')!;
    const bilal = people.add({ name: 'Bilal', colour: null, note: null });
    people.merge(bil.id, bilal.id);
    expect(people.list().map((person) => person.name)).toEqual(['Sam', 'Bilal']);
    expect(people.resolve(bil.id)!.id).toBe(bilal.id);
    expect(people.transcriptsOf(bilal.id)).toEqual(['t1']);
    // Marking Bilal in t1 finds the speaker linked to the merged person.
    editNow(editor, 't1', { type: 'speaker', block: 3, speaker: { person: bilal.id } });
    expect(editor.open('t1').document.speakers).toHaveLength(1);
    expect(() => people.merge('self', bilal.id)).toThrow(expect.objectContaining({ code: 'people.merge_self' }));

    people.undoMerge(bil.id);
    expect(people.list().map((person) => person.name)).toEqual(['Sam', 'Bil', 'Bilal']);
    expect(people.resolve(bil.id)!.id).toBe(bil.id);
  });

  it('a speaker whose person was merged away is renamed, counted and merged again as the person it became', async () => {
    const { people, editor } = open();
    editNow(editor, 't1', { type: 'speaker', block: 1, speaker: { name: 'Bil' } });
    const bil = people.list().find((person) => person.name === 'Bil')!;
    const bilal = people.add({ name: 'Bilal', colour: null, note: null });
    people.merge(bil.id, bilal.id);
    // The transcript's speaker still names Bil: what the page sends.
    expect(speakerOf(editor, 't1', 1)!.person).toBe(bil.id);
    expect(people.transcriptsOf(bil.id)).toEqual(['t1']);
    await people.edit(bil.id, { name: 'Bilal A.', colour: null, note: null });
    expect(people.list().map((person) => person.name)).toEqual(['Sam', 'Bilal A.']);
    expect(renameInTranscripts(editor, people, bil.id)).toBe(1);
    expect(speakerOf(editor, 't1', 1)!.name).toBe('Bilal A.');
    const ali = people.add({ name: 'Ali', colour: null, note: null });
    people.merge(bil.id, ali.id);
    expect(people.list().map((person) => person.name)).toEqual(['Sam', 'Ali']);
    expect(people.resolve(bilal.id)!.id).toBe(ali.id);
    expect(() => people.merge(bil.id, ali.id)).toThrow(expect.objectContaining({ code: 'people.merge_same' }));
  });

  it('names stay unique: undoing a merge is refused while another has the name, and a restored person of a taken name joins the live one', () => {
    let { store, people } = open();
    const bil = people.add({ name: 'Bil', colour: null, note: null });
    const anna = people.add({ name: 'Anna', colour: null, note: null });
    people.merge(bil.id, anna.id);
    people.add({ name: 'bil', colour: null, note: null });
    expect(() => people.undoMerge(bil.id)).toThrow(expect.objectContaining({ code: 'people.undo_name_taken', values: { name: 'Bil' } }));
    expect(people.resolve(bil.id)!.id).toBe(anna.id);

    store.close();
    stores.length = 0;
    const backup = join(dir, 'backup.sqlite');
    copyFileSync(path, backup);
    rmSync(path);
    ({ store, people } = open(false));
    const live = people.add({ name: 'Anna', colour: null, note: null });
    mergeBackup(store, backup, join(dir, 'scratch.sqlite'), 'restored');
    expect(people.list().map((person) => person.name)).toEqual(['Sam', 'Anna', 'bil']);
    expect(people.resolve(anna.id)!.id).toBe(live.id);
    expect(people.resolve(bil.id)!.id).toBe(live.id);
  });

  it('talk time is the sum of each speaker’s rows, shown most first and exported in Markdown, DOCX and JSON', async () => {
    const { editor, people } = open();
    const options = exportOptions(people);
    editNow(editor, 't1', { type: 'speaker', block: 0, speaker: { name: 'Sam' } });
    editNow(editor, 't1', { type: 'speaker', block: 1, to: 1, speaker: { name: 'Bilal' } });
    const { document, record, edited } = editor.current('t1');
    const rowMs = document.blocks.map((block) => block.times!.at(-1)! - block.times![0]!);
    const times = talkTime(document, people.resolve);
    expect(times.map((entry) => [entry.name, entry.ms])).toEqual([
      ['Sam', rowMs[0]! + rowMs[2]! + rowMs[3]!],
      ['Bilal', rowMs[1]!],
    ]);
    expect(edited).toBe(true);

    const markdown = text((await editedFile(record, document, 'md', options)).bytes);
    expect(markdown).toMatch(/## Talk time\n\n- Sam: 0:00:\d\d\n- Bilal: 0:00:0[0-9]/);
    const json = JSON.parse(text((await editedFile(record, document, 'json', options)).bytes)) as { talkTime: Array<{ speaker: string; seconds: number; person: string | null }> };
    expect(json.talkTime.map((entry) => [entry.speaker, entry.seconds])).toEqual(times.map((entry) => [entry.name, entry.ms / 1000]));
    expect(json.talkTime[1]!.person).toBe(document.speakers.find((speaker) => speaker.name === 'Bilal')!.person);
    const docx = await mammoth.extractRawText({ buffer: Buffer.from((await editedFile(record, document, 'docx', options)).bytes) });
    expect(docx.value).toMatch(/Talk time\s+Sam: 0:00:\d\d\s+Bilal: 0:00:\d\d/);
  });

  it('a person’s transcripts, newest first, each with their talk time as the Speakers panel counts it (merged people’s too)', async () => {
    const { editor, people, store } = open();
    store.transcripts.put({ ...spokenRecord('t3', said, 30), fileName: 'later.mp3', createdAt: 5 }, null);
    editNow(editor, 't1', { type: 'speaker', block: 1, to: 1, speaker: { name: 'Bilal' } });
    editNow(editor, 't3', { type: 'speaker', block: 0, to: 2, speaker: { name: 'Bil' } });
    const named = (name: string) => people.list().find((person) => person.name === name)!;
    const bilal = named('Bilal');
    people.merge(named('Bil').id, bilal.id);
    const handlers = peopleHandlers({ people, editor });
    const msOf = (id: string) => talkTime(editor.current(id).document, people.resolve).find((entry) => entry.person === bilal.id)!.ms;
    expect(await handlers.transcripts({ id: bilal.id })).toEqual([
      { transcriptId: 't3', fileName: 'later.mp3', createdAt: 5, ms: msOf('t3') },
      { transcriptId: 't1', fileName: 'meeting.mp3', createdAt: 1, ms: msOf('t1') },
    ]);
    expect(msOf('t3')).toBeGreaterThan(msOf('t1'));
    await expect(handlers.transcripts({ id: 'nobody' })).rejects.toMatchObject({ code: 'people.gone' });
  });

  it('a colour and a note are kept as main checks them: a colour that is no #rrggbb, or a note too long, is refused by the contract', async () => {
    const { people } = open();
    const edit = peopleArea.edit.input;
    const anna = people.add({ name: 'Anna', colour: null, note: null });
    expect(edit.safeParse({ id: anna.id, name: 'Anna', colour: 'red', note: null }).success).toBe(false);
    expect(edit.safeParse({ id: anna.id, name: 'Anna', colour: null, note: 'x'.repeat(MAX_PERSON_NOTE_CHARS + 1) }).success).toBe(false);
    const input = edit.parse({ id: anna.id, name: 'Anna', colour: '#0072B2', note: '  Site lead  ' });
    await peopleHandlers({ people, editor: open(false).editor }).edit(input);
    expect(people.list().find((person) => person.id === anna.id)).toMatchObject({ colour: '#0072b2', note: 'Site lead' });
  });

  it('talk time of two speakers whose people were merged is one entry, in the panel and the JSON export alike', async () => {
    const { editor, people } = open();
    editNow(editor, 't1', { type: 'speaker', block: 0, speaker: { name: 'Bil' } });
    editNow(editor, 't1', { type: 'speaker', block: 2, speaker: { name: 'Bilal' } });
    const named = (name: string) => people.list().find((person) => person.name === name)!;
    const bilal = named('Bilal');
    people.merge(named('Bil').id, bilal.id);
    const { document, record } = editor.current('t1');
    const all = document.blocks.reduce((sum, block) => sum + block.times!.at(-1)! - block.times![0]!, 0);
    expect(talkTime(document, people.resolve)).toEqual([{ speaker: document.speakers[0]!.id, name: 'Bil', person: bilal.id, ms: all }]);
    const json = JSON.parse(text((await editedFile(record, document, 'json', exportOptions(people))).bytes)) as { talkTime: unknown[] };
    expect(json.talkTime).toEqual([{ speaker: 'Bil', person: bilal.id, seconds: all / 1000 }]);
  });

  it('a restored backup brings the people back, links and merges included', () => {
    let { store, people, editor } = open();
    editNow(editor, 't1', { type: 'speaker', block: 1, speaker: { name: 'Bilal' } });
    const anna = people.add({ name: 'Anna', colour: '#00aa00', note: 'Site lead' });
    const annie = people.add({ name: 'Annie', colour: null, note: null });
    people.merge(annie.id, anna.id);
    const before = people.list();
    store.close();
    stores.length = 0;
    const backup = join(dir, 'backup.sqlite');
    copyFileSync(path, backup);
    rmSync(path);

    // A history started afresh: only the user, and no transcript until the backup brings t1 back.
    ({ store, people, editor } = open(false));
    expect(people.list().map((person) => person.name)).toEqual(['Sam']);
    mergeBackup(store, backup, join(dir, 'scratch.sqlite'), 'restored');
    expect(people.list()).toEqual(before);
    expect(people.resolve(annie.id)!.id).toBe(anna.id);
    expect(speakerOf(editor, 't1', 1)).toMatchObject({ name: 'Bilal', person: before.find((person) => person.name === 'Bilal')!.id });
  });
});
