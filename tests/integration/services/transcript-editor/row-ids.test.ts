import { copyFileSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EditorDocument } from '../../../../shared/contract/transcriptEditor';
import { blockText } from '../../../../shared/domain/transcript-edits';
import { subtitleRulesSchema } from '../../../../shared/domain/transcript';
import { createHistoryStore, type HistoryStore } from '../../../../electron/core/services/history/history-store';
import { mergeBackup } from '../../../../electron/core/services/history/restore';
import { salvageHistory } from '../../../../electron/core/services/history/salvage';
import { createTranscriptEditor } from '../../../../electron/core/services/transcript-editor/editor-service';
import { editedFile } from '../../../../electron/core/services/transcript-export/export-file';
import { readingOf } from '../../../../electron/core/services/transcript-export/reading';
import { wordsIn } from '../../../../electron/core/services/language/language-service';
import { removeFolder } from '../../../support/temp-folder';
import { spokenRecord } from '../../../support/spoken-record';
import { editNow } from '../../../support/editor-intents';

let dir: string;
let path: string;
const stores: HistoryStore[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'confab-rows-'));
  path = join(dir, 'history.sqlite');
});
afterEach(async () => {
  for (const store of stores.splice(0)) store.close();
  await removeFolder(dir);
});

const said = 'Hello everyone. Bilal asked why the bridge was late. Anna said the steel came late. Then we talked about the budget for a while.';

function openStore() {
  const store = createHistoryStore(path);
  stores.push(store);
  return store;
}

/** A store holding the meeting, and its editor. */
function meeting(id = 't1', text = said) {
  const store = openStore();
  store.transcripts.put(spokenRecord(id, text), null);
  return { store, editor: createTranscriptEditor({ history: store }) };
}

const ids = (document: EditorDocument) => document.blocks.map((block) => block.id);
const rowOf = (document: EditorDocument, id: string) => document.blocks.find((block) => block.id === id);
const found = (store: HistoryStore, input: string) => store.transcripts.rows.search(input, 20).map((hit) => `${hit.transcriptId}/${hit.rowId}`);

describe('row ids', () => {
  it('keep a row through an edit, a split (first half), a merge (first row), undo, redo, revert and a restart; a new id is never given twice', () => {
    let { store, editor } = meeting();
    const original = ids(editor.open('t1').document);
    expect(new Set(original).size).toBe(original.length);
    const [first, second] = original as [string, string];

    editNow(editor, 't1', { type: 'text', block: 0, text: `${blockText(editor.open('t1').document.blocks[0]!)} indeed` });
    expect(editor.open('t1').document.blocks[0]!.id).toBe(first);

    editNow(editor, 't1', { type: 'split', block: 0, word: 1 });
    const split = structuredClone(editor.open('t1').document);
    const secondHalf = split.blocks[1]!.id;
    expect(split.blocks[0]!.id).toBe(first);
    expect(original).not.toContain(secondHalf);
    expect(split.blocks[2]!.id).toBe(second);

    editNow(editor, 't1', { type: 'merge', block: 1 });
    const merged = structuredClone(editor.open('t1').document);
    expect(merged.blocks[1]!.id).toBe(secondHalf);
    expect(rowOf(merged, second)).toBeUndefined();

    editor.undo('t1');
    expect(ids(editor.open('t1').document)).toEqual(ids(split));
    editor.redo('t1');
    expect(ids(editor.open('t1').document)).toEqual(ids(merged));

    // After a restart the document and its counter come back from disk.
    store.close();
    stores.length = 0;
    store = openStore();
    editor = createTranscriptEditor({ history: store });
    expect(ids(editor.open('t1').document)).toEqual(ids(merged));
    editor.undo('t1');
    editor.undo('t1');
    // The split is undone: its second half's id is gone, and the next split must not give it again.
    expect(rowOf(editor.open('t1').document, secondHalf)).toBeUndefined();
    editNow(editor, 't1', { type: 'split', block: 0, word: 1 });
    const again = editor.open('t1').document.blocks[1]!.id;
    expect([...original, secondHalf]).not.toContain(again);

    editor.revert('t1');
    expect(ids(editor.open('t1').document)).toEqual(original);
    editor.undo('t1');
    expect(editor.open('t1').document.blocks[1]!.id).toBe(again);
  });

  it('are what the page, the row index and the exports read, after an edit as before', async () => {
    const { store, editor } = meeting();
    const options = { rules: subtitleRulesSchema.parse({}), speakerPrefix: true, timestamps: false, words: wordsIn('en'), resolvePerson: (id: string) => ({ id }) };
    const same = async () => {
      const { record, document, edited } = editor.current('t1');
      const reading = readingOf(record, document, edited);
      const json = JSON.parse(new TextDecoder().decode((await editedFile(record, document, 'json', options)).bytes)) as { rows: Array<{ id: string; start: number }> };
      expect(reading.rows.map((row) => row.id)).toEqual(ids(document));
      expect(store.transcripts.rows.rowsOf('t1').map((row) => row.rowId)).toEqual(ids(document));
      expect(json.rows.map((row) => row.id)).toEqual(ids(document));
      expect(json.rows.map((row) => row.start * 1000)).toEqual(reading.rows.map((row) => row.startMs));
    };
    await same();
    editNow(editor, 't1', { type: 'split', block: 1, word: 2 });
    editNow(editor, 't1', { type: 'merge', block: 2 });
    await same();
  });
});

describe('the row index', () => {
  it('finds a row by a word, by its speaker\'s name and by a Chinese or Japanese word, and follows edits', () => {
    const { store, editor } = meeting();
    store.transcripts.put(spokenRecord('zh', '我们 讨论了 预算的问题。 然后 散会。'), null);
    store.transcripts.put({ ...spokenRecord('ja', '会議で予算について話しました。'), id: 'ja' }, null);
    const document = editor.open('t1').document;
    const steel = document.blocks.find((block) => block.words.includes('steel'))!;
    expect(found(store, 'steel')).toEqual([`t1/${steel.id}`]);
    // Prefix of the last word, accents folded.
    expect(found(store, 'stée')).toEqual([`t1/${steel.id}`]);
    // Chinese written without spaces between its words; Japanese as one unbroken line.
    expect(found(store, '预算')).toEqual(['zh/1']);
    expect(found(store, '予算')).toEqual(['ja/1']);

    const at = document.blocks.indexOf(steel);
    editNow(editor, 't1', { type: 'speaker', block: at, speaker: { name: 'Anna Kowalska' } });
    expect(found(store, 'Kowalska steel')).toEqual([`t1/${steel.id}`]);
    // A speaker's name finds every row that speaker speaks (a mark holds until the next one).
    expect(found(store, 'Kowalska')).toEqual(ids(editor.open('t1').document).slice(at).map((id) => `t1/${id}`));

    editNow(editor, 't1', { type: 'text', block: at, text: blockText(steel).replace('steel', 'concrete') });
    expect(found(store, 'steel')).toEqual([]);
    expect(found(store, 'concrete')).toEqual([`t1/${steel.id}`]);
    editor.undo('t1');
    expect(found(store, 'steel')).toEqual([`t1/${steel.id}`]);

    store.transcripts.remove('t1');
    expect(found(store, 'steel')).toEqual([]);
    expect(store.db.prepare(`INSERT INTO transcript_rows_fts(transcript_rows_fts) VALUES ('integrity-check')`).run()).toBeTruthy();
  });

  it('keeps no word of a deleted transcript in the history file, the words edits replaced included', () => {
    const bytes = () => Buffer.concat([path, `${path}-wal`].filter((file) => existsSync(file)).map((file) => readFileSync(file))).toString('latin1');
    const { store: first, editor } = meeting('t1', `${said} Quorblefax`);
    const last = editor.open('t1').document.blocks.length - 1;
    editNow(editor, 't1', { type: 'text', block: last, text: blockText(editor.open('t1').document.blocks[last]!).replace('Quorblefax', 'Zizzlewump') });
    first.close();
    stores.length = 0;
    // Both words are in the file while the transcript is kept (the original and the edit).
    expect(bytes()).toContain('orblefax');
    expect(bytes()).toContain('izzlewump');
    const store = openStore();
    store.transcripts.remove('t1');
    store.close();
    stores.length = 0;
    expect(bytes()).not.toContain('orblefax');
    expect(bytes()).not.toContain('izzlewump');
  });
});

/** Takes a history back to schema version 12, as a Confab before row ids left it: no ids in documents or steps, no row index. */
function backToVersion12(file: string) {
  const db = new DatabaseSync(file);
  const strip = (json: string) =>
    JSON.stringify(JSON.parse(json), (key, value: unknown) => (key === 'id' && typeof value === 'string' && /^[0-9a-z]+$/.test(value) ? undefined : value));
  for (const row of db.prepare('SELECT transcript_id, document FROM transcript_edits').all() as Array<{ transcript_id: string; document: string }>) {
    db.prepare('UPDATE transcript_edits SET document = ? WHERE transcript_id = ?').run(strip(row.document), row.transcript_id);
  }
  for (const step of db.prepare('SELECT transcript_id, seq, forward, backward FROM transcript_edit_steps').all() as Array<Record<string, string>>) {
    db.prepare('UPDATE transcript_edit_steps SET forward = ?, backward = ? WHERE transcript_id = ? AND seq = ?').run(strip(step.forward!), strip(step.backward!), step.transcript_id!, step.seq!);
  }
  // What migrations after 12 made goes: 15's column, 14's notes tables (16's coverage column with them), then 13's rows.
  db.exec(`ALTER TABLE transcripts DROP COLUMN ask_excluded; DROP TABLE transcript_notes_fts; DROP TABLE transcript_notes; DROP TABLE note_templates; DROP TABLE people; DROP TABLE translation_rows; DROP TABLE translations;`);
  db.exec(`DROP INDEX messages_by_parent; DROP INDEX messages_parent_of; ALTER TABLE messages DROP COLUMN parent_id; ALTER TABLE conversations DROP COLUMN current_leaf; ALTER TABLE messages DROP COLUMN pinned; ALTER TABLE messages DROP COLUMN sent; ALTER TABLE messages DROP COLUMN summary; ALTER TABLE messages DROP COLUMN attached;`);
  db.exec(`DROP TABLE transcript_rows_fts; DROP TABLE transcript_rows; ALTER TABLE transcript_edits DROP COLUMN next_row; PRAGMA user_version = 12;`);
  db.close();
}

describe('migration 13', () => {
  it('names the rows of transcripts kept before it once: unedited ones 1…N, edited ones with their undo steps, stable across restarts', () => {
    let { store, editor } = meeting();
    store.transcripts.put(spokenRecord('plain', 'Nothing was edited here at all.'), null);
    const plain = ids(editor.open('plain').document);
    editNow(editor, 't1', { type: 'text', block: 0, text: blockText(editor.open('t1').document.blocks[0]!).replace('Bilal', 'Bilál') });
    editNow(editor, 't1', { type: 'split', block: 2, word: 2 });
    editNow(editor, 't1', { type: 'merge', block: 0 });
    editor.undo('t1');
    const edited = editor.open('t1').document;
    store.close();
    stores.length = 0;
    backToVersion12(path);

    store = openStore();
    editor = createTranscriptEditor({ history: store });
    // A copy: the editor's document changes in place with every step.
    const named = structuredClone(editor.open('t1').document);
    expect(ids(editor.open('plain').document)).toEqual(plain);
    expect(store.transcripts.rows.rowsOf('plain').map((row) => row.rowId)).toEqual(plain);
    // The same rows under the ids they would have had: the edited row and the split's first half
    // keep the original's, the second half has a new one, the undone merge's step names them.
    expect(named.blocks.map(blockText)).toEqual(edited.blocks.map(blockText));
    expect(ids(named)).toEqual(ids(edited));
    expect(store.transcripts.rows.rowsOf('t1').map((row) => row.rowId)).toEqual(ids(named));
    expect(found(store, 'Bilál')).toEqual([`t1/${named.blocks[0]!.id}`]);

    // Undo and redo walk the named steps: the split's halves keep their ids both ways.
    editor.redo('t1');
    const redone = ids(editor.open('t1').document);
    editor.undo('t1');
    expect(ids(editor.open('t1').document)).toEqual(ids(named));
    editor.undo('t1');
    const unsplit = structuredClone(editor.open('t1').document);
    expect(unsplit.blocks[2]!.id).toBe(named.blocks[2]!.id);
    expect(rowOf(unsplit, named.blocks[3]!.id)).toBeUndefined();
    editor.redo('t1');
    editor.redo('t1');
    expect(ids(editor.open('t1').document)).toEqual(redone);

    // Named once: a restart reads the same ids, and a new row gets one no step has used.
    store.close();
    stores.length = 0;
    store = openStore();
    editor = createTranscriptEditor({ history: store });
    expect(ids(editor.open('t1').document)).toEqual(redone);
    editor.undo('t1');
    editNow(editor, 't1', { type: 'split', block: 0, word: 1 });
    const fresh = editor.open('t1').document.blocks[1]!.id;
    expect([...ids(named), ...redone, ...ids(unsplit)]).not.toContain(fresh);
  });
});

describe('rows in backups and salvage', () => {
  /** A history whose meeting was edited (a split and a corrected word), closed; its document's ids. */
  function editedHistory() {
    const { store, editor } = meeting();
    editNow(editor, 't1', { type: 'split', block: 1, word: 2 });
    editNow(editor, 't1', { type: 'text', block: 2, text: blockText(editor.open('t1').document.blocks[2]!).replace('steel', 'Stahl') });
    const kept = ids(editor.open('t1').document);
    store.close();
    stores.length = 0;
    return kept;
  }

  it('a restored backup brings the rows back under their ids, indexed as they read', () => {
    const kept = editedHistory();
    const backup = join(dir, 'backup.sqlite');
    copyFileSync(path, backup);
    rmSync(path);
    const store = openStore();
    mergeBackup(store, backup, join(dir, 'scratch.sqlite'), 'restored');
    const editor = createTranscriptEditor({ history: store });
    expect(ids(editor.open('t1').document)).toEqual(kept);
    expect(store.transcripts.rows.rowsOf('t1').map((row) => row.rowId)).toEqual(kept);
    expect(found(store, 'Stahl')).toEqual([`t1/${kept[2]}`]);
    expect(found(store, 'steel')).toEqual([]);
  });

  it('a salvage indexes the rows again from the documents it kept', () => {
    const kept = editedHistory();
    // Rows of the index lost with a damaged page: the documents still say what they were.
    const db = new DatabaseSync(path);
    db.exec('DELETE FROM transcript_rows');
    db.close();
    const target = join(dir, 'salvaged.sqlite');
    salvageHistory(path, target);
    rmSync(path);
    renameSync(target, path);
    const store = openStore();
    expect(store.transcripts.rows.rowsOf('t1').map((row) => row.rowId)).toEqual(kept);
    expect(found(store, 'Stahl')).toEqual([`t1/${kept[2]}`]);
  });
});
