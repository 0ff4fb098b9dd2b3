import { mkdtemp } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mammoth from 'mammoth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EditorDocument } from '../../../../shared/contract/transcriptEditor';
import { applyPatch, blockText } from '../../../../shared/domain/transcript-edits';
import { subtitleRulesSchema } from '../../../../shared/domain/transcript';
import { createHistoryStore, type HistoryStore } from '../../../../electron/core/services/history/history-store';
import { LATEST_VERSION, migrate } from '../../../../electron/core/services/history/migrations';
import { createTranscriptEditor } from '../../../../electron/core/services/transcript-editor/editor-service';
import { editedFile } from '../../../../electron/core/services/transcript-export/export-file';
import { wordsIn } from '../../../../electron/core/services/language/language-service';
import { MATCH_END, MATCH_START } from '../../../../electron/core/services/history/search';
import { removeFolder } from '../../../support/temp-folder';
import { spokenRecord } from '../../../support/spoken-record';
import { editNow } from '../../../support/editor-intents';

let dir: string;
let path: string;
const stores: HistoryStore[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'confab-editor-'));
  path = join(dir, 'history.sqlite');
});
afterEach(async () => {
  for (const store of stores.splice(0)) store.close();
  await removeFolder(dir);
});

const said = 'Hello everyone. Bilal asked why the bridge was late. Anna said the steel came late. Then we talked about the budget for a while.';

const record = (id = 't1') => spokenRecord(id, said);

function openStore() {
  const store = createHistoryStore(path);
  stores.push(store);
  return store;
}

const options = { rules: subtitleRulesSchema.parse({}), speakerPrefix: true, timestamps: false, words: wordsIn('en'), resolvePerson: (id: string) => ({ id }) };
const allText = (document: EditorDocument) => document.blocks.map(blockText).join(' ');

describe('transcript editor service', () => {
  it('edits text keeping unchanged timings, and the page copy follows the patches', () => {
    const store = openStore();
    store.transcripts.put(record(), null);
    const editor = createTranscriptEditor({ history: store });
    const opened = editor.open('t1');
    const page = structuredClone(opened.document);
    expect(opened.state).toEqual({ canUndo: false, canRedo: false, edited: false });
    const index = page.blocks.findIndex((block) => block.words.includes('Bilal'));
    const before = page.blocks[index]!;
    const text = blockText(before).replace('Bilal', 'Bilál Khan');
    const { patch, state } = editNow(editor, 't1', { type: 'text', block: index, text });
    applyPatch(page, patch);
    expect(state).toMatchObject({ canUndo: true, edited: true });
    const after = page.blocks[index]!;
    const at = before.words.indexOf('Bilal');
    // The two new words share the replaced word's time; every other word keeps its own.
    const [from, to] = [before.times![at * 2]!, before.times![at * 2 + 1]!];
    const shared = after.times!.slice(at * 2, at * 2 + 4);
    expect(shared[0]).toBe(from);
    expect(shared[3]).toBe(to);
    expect(shared[1]! <= shared[2]! && shared[1]! > from && shared[2]! < to).toBe(true);
    expect(after.times!.slice(0, at * 2)).toEqual(before.times!.slice(0, at * 2));
    expect(after.times!.slice(at * 2 + 4)).toEqual(before.times!.slice(at * 2 + 2));
    expect(page).toEqual(editor.open('t1').document);
  });

  it('splits, merges, nudges, names speakers, replaces all; undo and redo each; survives a restart; reverts', () => {
    let store = openStore();
    store.transcripts.put(record(), null);
    let editor = createTranscriptEditor({ history: store });
    const page = structuredClone(editor.open('t1').document);
    const apply = (result: ReturnType<typeof editNow>) => (applyPatch(page, result.patch), result.state);
    const blocks = page.blocks.length;
    apply(editNow(editor, 't1', { type: 'split', block: 0, word: 2 }));
    expect(page.blocks[0]!.words).toEqual(['Hello', 'everyone.']);
    expect(page.blocks).toHaveLength(blocks + 1);
    apply(editNow(editor, 't1', { type: 'merge', block: 0 }));
    expect(page.blocks).toHaveLength(blocks);
    apply(editNow(editor, 't1', { type: 'split', block: 0, word: 2 }));
    const start = page.blocks[1]!.times![0]!;
    apply(editNow(editor, 't1', { type: 'nudge', block: 1, edge: 'start', ms: -100 }));
    expect(page.blocks[1]!.times![0]).toBe(start - 100);
    expect(page.blocks[0]!.times!.at(-1)).toBeLessThanOrEqual(start - 100);
    apply(editNow(editor, 't1', { type: 'speaker', block: 0, speaker: { name: 'Speaker 1' } }));
    apply(editNow(editor, 't1', { type: 'speaker', block: 1, speaker: { name: 'Speaker 2' } }));
    const [one, two] = page.speakers;
    apply(editNow(editor, 't1', { type: 'renameSpeaker', speaker: one!.id, name: 'Bilal' }));
    apply(editNow(editor, 't1', { type: 'renameSpeaker', speaker: two!.id, name: 'Anna' }));
    expect(page.speakers.map((speaker) => speaker.name)).toEqual(['Bilal', 'Anna']);
    const replaced = apply(editNow(editor, 't1', { type: 'replaceAll', find: 'late', replace: 'delayed', caseSensitive: false, wholeWord: true }));
    expect(allText(page)).toContain('was delayed. Anna said the steel came delayed.');
    expect(replaced.canUndo).toBe(true);
    // Undo takes the replace back, redo applies it again.
    applyPatch(page, editor.undo('t1').patch);
    expect(allText(page)).toContain('was late.');
    const redone = editor.redo('t1');
    applyPatch(page, redone.patch);
    expect(redone.state.canRedo).toBe(false);
    expect(allText(page)).toContain('steel came delayed.');
    store.close();
    stores.length = 0;

    // A new app finds every edit, its undo history and the speaker names.
    store = openStore();
    editor = createTranscriptEditor({ history: store });
    const reopened = editor.open('t1');
    expect(reopened.document).toEqual(page);
    expect(reopened.state).toEqual({ canUndo: true, canRedo: false, edited: true });
    expect(editor.knownSpeakers()).toEqual(['Bilal', 'Anna']);
    applyPatch(page, editor.undo('t1').patch);
    expect(allText(page)).toContain('was late.');

    const reverted = editor.revert('t1');
    applyPatch(page, reverted.patch);
    expect(reverted.state).toMatchObject({ edited: false, canUndo: true });
    expect(allText(page)).toBe(said);
    expect(page.speakers).toEqual([]);
    const undone = editor.undo('t1');
    applyPatch(page, undone.patch);
    expect(undone.state.edited).toBe(true);
    expect(page.speakers).toHaveLength(2);
  });

  it('merges one speaker into another: its rows follow, it leaves the list, and undo brings it back', () => {
    const store = openStore();
    store.transcripts.put(record(), null);
    const editor = createTranscriptEditor({ history: store });
    editNow(editor, 't1', { type: 'split', block: 0, word: 2 });
    editNow(editor, 't1', { type: 'speaker', block: 0, speaker: { name: 'Bilal' } });
    editNow(editor, 't1', { type: 'speaker', block: 1, speaker: { name: 'B.' } });
    const [bilal, other] = editor.current('t1').document.speakers;
    editNow(editor, 't1', { type: 'mergeSpeakers', from: other!.id, into: bilal!.id });
    const merged = editor.current('t1').document;
    expect(merged.speakers).toEqual([bilal]);
    expect(merged.blocks.slice(0, 2).map((block) => block.speaker)).toEqual([bilal!.id, bilal!.id]);
    editor.undo('t1');
    expect(editor.current('t1').document.speakers.map((speaker) => speaker.name)).toEqual(['Bilal', 'B.']);
  });

  it('refuses intents that do not fit, naming the problem', () => {
    const store = openStore();
    store.transcripts.put(record(), null);
    const editor = createTranscriptEditor({ history: store });
    expect(() => editNow(editor, 't1', { type: 'merge', block: 999 })).toThrow(expect.objectContaining({ code: 'editor.no_row', values: { row: 1000, rows: 3 } }));
    expect(() => editor.undo('t1')).toThrow(expect.objectContaining({ code: 'editor.nothing_to_undo' }));
    expect(() => editNow(editor, 't1', { type: 'renameSpeaker', speaker: 'nobody', name: 'X' })).toThrow(expect.objectContaining({ code: 'editor.no_speaker' }));
  });

  it('names a transcript deleted while it was open, for every intent, instead of failing in SQLite', () => {
    const store = openStore();
    store.transcripts.put(record(), null);
    const editor = createTranscriptEditor({ history: store });
    const first = editor.open('t1').document.blocks[0]!;
    editNow(editor, 't1', { type: 'text', block: 0, text: `${blockText(first)} indeed` });
    store.transcripts.remove('t1');
    const deleted = expect.objectContaining({ code: 'editor.deleted' });
    expect(() => editNow(editor, 't1', { type: 'text', block: 0, text: 'typed after the delete' })).toThrow(deleted);
    expect(() => editor.undo('t1')).toThrow(deleted);
    expect(() => editor.revert('t1')).toThrow(deleted);
    expect(() => editor.open('t1')).toThrow(deleted);
    // Its page, an export or Ask meet it without an editor's typing to speak of.
    expect(() => editor.current('t1')).toThrow(expect.objectContaining({ code: 'editor.transcript_gone' }));
  });

  it('exports SRT, VTT, text and a valid DOCX from the edited transcript with speakers', async () => {
    const store = openStore();
    const saved = record();
    store.transcripts.put(saved, null);
    const editor = createTranscriptEditor({ history: store });
    const first = editor.open('t1').document.blocks[0]!;
    editNow(editor, 't1', { type: 'text', block: 0, text: blockText(first).replace('Hello', 'Hallo') });
    editNow(editor, 't1', { type: 'speaker', block: 0, speaker: { name: 'Bilal' } });
    const { document } = editor.current('t1');
    const decode = async (format: 'srt' | 'vtt' | 'txt' | 'md') => new TextDecoder().decode((await editedFile(saved, document, format, options)).bytes);
    expect(await decode('vtt')).toMatch(/^WEBVTT\n\n00:00:00\.000 --> [\d:.]+\n<v Bilal>Hallo everyone\./);
    expect(await decode('srt')).toMatch(/^1\n00:00:00,000 --> [\d:,]+\nBilal: Hallo everyone\./);
    expect(await decode('txt')).toBe(`Bilal: ${said.replace('Hello', 'Hallo')}\n`);
    // The text, then who spoke how long (people.test.ts checks the sums).
    const markdown = await decode('md');
    expect(markdown.startsWith(`# meeting.mp3\n\n**Bilal:** ${said.replace('Hello', 'Hallo')}\n`)).toBe(true);
    expect(markdown).toMatch(/\n## Talk time\n\n- Bilal: \d:\d\d:\d\d\n$/);
    const docx = await editedFile(saved, document, 'docx', { ...options, timestamps: true });
    expect(docx.fileName).toBe('meeting.docx');
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(docx.bytes) });
    expect(value).toContain('meeting.mp3');
    expect(value).toContain(`[0:00:00] Bilal: Hallo everyone.`);
  });

  it('exports plain text from a transcript without timings, and says why there are no subtitles', async () => {
    const store = openStore();
    const plain = { ...record(), transcript: { ...record().transcript, format: 'json' as const, raw: '{}', words: [], duration: null } };
    store.transcripts.put(plain, null);
    const editor = createTranscriptEditor({ history: store });
    const opened = editor.open('t1');
    expect(opened.hasTimings).toBe(false);
    expect(opened.document.blocks.map(blockText)).toEqual(['Hello everyone.', 'Bilal asked why the bridge was late.', 'Anna said the steel came late.', 'Then we talked about the budget for a while.']);
    await expect(editedFile(plain, opened.document, 'srt', options)).rejects.toMatchObject({ code: 'export.no_timings', values: { format: 'SRT' } });
  });
});

describe('a transcript deleted and brought back', () => {
  it('opens as the transcript now stored, not as the edits cached before the delete', () => {
    const store = openStore();
    store.transcripts.put(record(), null);
    const editor = createTranscriptEditor({ history: store });
    editNow(editor, 't1', { type: 'split', block: 0, word: 1 });
    store.transcripts.remove('t1');
    editor.forget('t1');
    // A backup restores the transcript (its edits went with the delete).
    store.transcripts.put(record(), null);
    const reopened = editor.open('t1');
    expect(reopened.state).toEqual({ canUndo: false, canRedo: false, edited: false });
    expect(reopened.document.blocks[0]!.words).not.toEqual(['Hello']);
  });
});

describe('history search of edited transcripts', () => {
  const found = (store: HistoryStore, words: string) => store.search(words).map((hit) => (hit.kind === 'transcript' ? hit.transcriptId : null));

  it('finds the words the user corrected, no longer the ones replaced; after Revert, the original again', () => {
    const store = openStore();
    store.transcripts.put(record(), null);
    const editor = createTranscriptEditor({ history: store });
    const index = editor.open('t1').document.blocks.findIndex((block) => block.words.includes('Bilal'));
    const block = editor.open('t1').document.blocks[index]!;
    expect(found(store, 'Bilal')).toEqual(['t1']);
    editNow(editor, 't1', { type: 'text', block: index, text: blockText(block).replace('Bilal', 'Belal') });
    expect(found(store, 'Belal')).toEqual(['t1']);
    expect(found(store, 'Bilal')).toEqual([]);
    expect(store.search('Belal')[0]).toMatchObject({ kind: 'transcript', snippet: expect.stringContaining(`${MATCH_START}Belal${MATCH_END}`) });
    editor.revert('t1');
    expect(found(store, 'Bilal')).toEqual(['t1']);
    expect(found(store, 'Belal')).toEqual([]);
  });

  it('indexes edits made before this version when the database is migrated', () => {
    const store = openStore();
    store.transcripts.put(record(), null);
    const editor = createTranscriptEditor({ history: store });
    const block = editor.open('t1').document.blocks[0]!;
    editNow(editor, 't1', { type: 'text', block: 0, text: blockText(block).replace('Hello', 'Hallo') });
    // Back to version 7, as an older Confab left it: no edited text, no index of it (the notes tables go with 16's column).
    store.db.exec(`DROP TRIGGER transcript_edits_ai; DROP TRIGGER transcript_edits_ad; DROP TRIGGER transcript_edits_au;
      DROP TABLE transcript_edits_fts; ALTER TABLE transcript_edits DROP COLUMN text;
      ALTER TABLE conversations DROP COLUMN attachment; ALTER TABLE messages DROP COLUMN versions; ALTER TABLE transcript_edits DROP COLUMN version;
      DROP TABLE deleted_items; DROP TABLE transcript_rows_fts; DROP TABLE transcript_rows; ALTER TABLE transcript_edits DROP COLUMN next_row;
      DROP TABLE transcript_notes_fts; DROP TABLE transcript_notes; DROP TABLE note_templates;
      ALTER TABLE transcripts DROP COLUMN ask_excluded; DROP TABLE people; DROP TABLE translation_rows; DROP TABLE translations;
      DROP INDEX messages_by_parent; DROP INDEX messages_parent_of; ALTER TABLE messages DROP COLUMN parent_id; ALTER TABLE conversations DROP COLUMN current_leaf; ALTER TABLE messages DROP COLUMN pinned; ALTER TABLE messages DROP COLUMN sent; ALTER TABLE messages DROP COLUMN summary; ALTER TABLE messages DROP COLUMN attached;
      PRAGMA user_version = 7;`);
    store.close();
    stores.length = 0;
    const reopened = openStore();
    expect(reopened.problem).toBeNull();
    expect(found(reopened, 'Hallo')).toEqual(['t1']);
    expect(reopened.db.prepare(`INSERT INTO transcript_edits_fts(transcript_edits_fts) VALUES ('integrity-check')`).run()).toBeTruthy();
  });
});

describe('migration 7 from every older version', () => {
  it.each(Array.from({ length: LATEST_VERSION }, (_, version) => version))('from version %i, a kept transcript opens in the editor', (from) => {
    const db = new DatabaseSync(path);
    migrate(db, from);
    if (from >= 5) {
      const old = record('old');
      db.prepare('INSERT INTO transcripts (id, file_name, created_at, request, transcript, text, audio_path) VALUES (?, ?, ?, ?, ?, ?, NULL)').run(
        old.id,
        old.fileName,
        old.createdAt,
        JSON.stringify(old.request),
        JSON.stringify(old.transcript),
        old.transcript.text,
      );
    }
    db.close();
    const store = openStore();
    store.transcripts.put(record('new'), null);
    const editor = createTranscriptEditor({ history: store });
    for (const id of from >= 5 ? ['old', 'new'] : ['new']) {
      editNow(editor, id, { type: 'split', block: 0, word: 1 });
      expect(editor.open(id).document.blocks[0]!.words).toEqual(['Hello']);
    }
    // Deleting a transcript deletes its edits with it.
    store.transcripts.remove('new');
    expect(store.db.prepare(`SELECT count(*) AS n FROM transcript_edit_steps WHERE transcript_id = 'new'`).get()).toEqual({ n: 0 });
  });
});
