import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { blockText } from '../../../../shared/domain/transcript-edits';
import { createHistoryStore } from '../../../../electron/core/services/history/history-store';
import { type EditorChange, createTranscriptEditor } from '../../../../electron/core/services/transcript-editor/editor-service';
import { RETRY_MS } from '../../../../electron/core/services/history/refused-writes';
import { diskRefusalWords } from '../../../../renderer/common/disk-refusal';
import { i18n } from '../../../../renderer/i18n';
import { english } from '../../../../shared/i18n/english';
import { i18nOptions } from '../../../../shared/i18n/options';
import { testFolder } from '../../../support/temp-folder';
import { spokenRecord } from '../../../support/spoken-record';
import { editNow } from '../../../support/editor-intents';

// Each fault of the disk, made in main's storage layer under the real history file: SQLite's own
// limits for a full disk and a read-only file, the guard's disk probe for what no pragma can make
// (an I/O error, a page found damaged). What the user typed meanwhile stays in main, is told to the
// page as not saved yet with the cause in words, and is on disk once the fault clears, no restart.
const said = 'Hello everyone. Bilal asked why the bridge was late. Anna said the steel came late. Then we talked about the budget.';

const record = (id: string) => spokenRecord(id, said);

/** An error as node:sqlite throws it for `errcode` (extended codes keep the primary one in the low byte). */
const sqliteError = (message: string, errcode: number) => Object.assign(new Error(message), { code: 'ERR_SQLITE_ERROR', errcode });
const SQLITE_IOERR_WRITE = 10 | (3 << 8);
const SQLITE_CORRUPT = 11;
const writes = /^\s*(INSERT|UPDATE|DELETE|BEGIN|COMMIT)/i;

async function setUp() {
  const path = join(await testFolder('confab-editor-faults-'), 'history.sqlite');
  let failing: ((sql: string) => void) | null = null;
  let repaired: (() => void) | null = null;
  const store = createHistoryStore(path, {
    onDamage: (writable) => {
      repaired = writable;
    },
    probe: (sql) => failing?.(sql),
  });
  onTestFinished(() => store.close());
  store.transcripts.put(record('t1'), null);
  store.transcripts.put(record('t2'), null);
  const editor = createTranscriptEditor({ history: store });
  const heard: EditorChange[] = [];
  const watching = new AbortController();
  onTestFinished(() => watching.abort());
  editor.watch((change) => heard.push(change), watching.signal);
  const { version } = editor.open('t1');
  return {
    path,
    store,
    editor,
    heard,
    version,
    fail: (probe: ((sql: string) => void) | null) => {
      failing = probe;
    },
    /** As open-history.ts ends a repair: the file writable again, then everyone told. */
    repair: () => {
      repaired?.();
      store.repaired();
    },
    /** The document as the disk has it: a new store and editor on the same file. */
    onDisk() {
      const reopened = createHistoryStore(path);
      onTestFinished(() => reopened.close());
      return createTranscriptEditor({ history: reopened }).open('t1');
    },
  };
}

const typed = (n: number) => `Typed while the disk was failing, row ${n}: ${'the steel came late again '.repeat(n === 0 ? 800 : 2)}`.trim();
const rowTexts = (document: { blocks: { words: string[] }[] }) => document.blocks.map((block) => blockText(block as never));

// The page's words for a refusal, in English: what main's cause and file become on screen.
beforeAll(() => i18n.init({ ...i18nOptions('en'), resources: { en: { ...english } } }));

afterEach(() => {
  vi.useRealTimers();
});

describe('edits the disk refuses stay in main until it takes them', () => {
  it('a full disk: named, kept, and written once space is free (on the next edit)', async () => {
    const faults = await setUp();
    const pages = Number((faults.store.db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count);
    faults.store.db.exec(`PRAGMA max_page_count = ${pages}`);
    // 20,000 characters typed into one row: more than the free pages can hold.
    const answer = faults.editor.editAt('t1', { type: 'text', block: 0, text: typed(0) }, faults.version);
    expect(answer).toMatchObject({ outcome: 'applied', unsaved: { cause: 'full' } });
    if (answer.outcome !== 'applied') return;
    expect(answer.unsaved).toEqual({ cause: 'full', file: faults.path });
    expect(diskRefusalWords(answer.unsaved!)).toBe(`The disk holding your history file (${faults.path}) is full. Free some space on it.`);
    expect(rowTexts(faults.onDisk().document)[0]).not.toContain('Typed while');
    expect(faults.editor.open('t1').unsaved?.cause).toBe('full');

    faults.store.db.exec('PRAGMA max_page_count = 1073741823');
    // The next edit of any transcript writes what was waiting first.
    editNow(faults.editor, 't2', { type: 'text', block: 0, text: 'Hello all.' });
    expect(faults.heard).toContainEqual({ type: 'saved', id: 't1', version: answer.version });
    expect(rowTexts(faults.onDisk().document)[0]).toBe(typed(0));
    expect(faults.editor.open('t1').unsaved).toBeNull();
  });

  it('a read-only history file: named with its path, kept, and written by the timer once writable', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const faults = await setUp();
    faults.store.db.exec('PRAGMA query_only = ON');
    const answer = faults.editor.editAt('t1', { type: 'text', block: 1, text: typed(1) }, faults.version);
    expect(answer).toMatchObject({ outcome: 'applied', unsaved: { cause: 'readOnly' } });
    if (answer.outcome !== 'applied') return;
    expect(answer.unsaved).toEqual({ cause: 'readOnly', file: faults.path });
    expect(diskRefusalWords(answer.unsaved!)).toContain(`Your history file (${faults.path}) is read-only or locked.`);

    // Still refused when the timer comes: kept, and tried again later.
    vi.advanceTimersByTime(RETRY_MS);
    expect(rowTexts(faults.onDisk().document)[1]).not.toBe(typed(1));
    faults.store.db.exec('PRAGMA query_only = OFF');
    vi.advanceTimersByTime(RETRY_MS);
    expect(faults.heard).toContainEqual({ type: 'saved', id: 't1', version: answer.version });
    expect(rowTexts(faults.onDisk().document)[1]).toBe(typed(1));
  });

  it('an I/O error: its own words; edits, undo and redo made meanwhile are written in order, with their undo steps', async () => {
    const faults = await setUp();
    faults.fail((sql) => {
      if (writes.test(sql)) throw sqliteError('disk I/O error', SQLITE_IOERR_WRITE);
    });
    const original = rowTexts(faults.editor.open('t1').document);
    const first = faults.editor.editAt('t1', { type: 'text', block: 0, text: typed(1) }, faults.version);
    expect(first).toMatchObject({ outcome: 'applied', unsaved: { cause: 'io' } });
    if (first.outcome !== 'applied') return;
    expect(first.unsaved).toEqual({ cause: 'io', file: faults.path });
    expect(diskRefusalWords(first.unsaved!)).toContain(`The disk reported an error while Confab was writing your history file (${faults.path}).`);
    faults.editor.editAt('t1', { type: 'text', block: 1, text: typed(2) }, first.version);
    faults.editor.undo('t1');
    faults.editor.redo('t1');
    faults.editor.undo('t1');
    const last = editNow(faults.editor, 't1', { type: 'text', block: 1, text: typed(3) });
    expect(last.unsaved?.cause).toBe('io');
    expect(rowTexts(faults.onDisk().document)).toEqual(original);

    faults.fail(null);
    editNow(faults.editor, 't2', { type: 'text', block: 0, text: 'Hello all.' });
    const disk = faults.onDisk();
    expect(disk.version).toBe(last.version);
    expect(rowTexts(disk.document)).toEqual([typed(1), typed(3)]);
    expect(disk.state).toEqual({ canUndo: true, canRedo: false, edited: true });
    // The undone row-2 edit went as redo when row 2 was typed again: undo from disk takes back row 2, then row 1.
    const reopened = createHistoryStore(faults.path);
    onTestFinished(() => reopened.close());
    const later = createTranscriptEditor({ history: reopened });
    later.undo('t1');
    expect(rowTexts(later.open('t1').document)).toEqual([typed(1), original[1]]);
    later.undo('t1');
    expect(later.open('t1')).toMatchObject({ state: { canUndo: false, edited: false } });
  });

  it('damage found by a write: named, kept through the repair, and written into the repaired file', async () => {
    const faults = await setUp();
    faults.fail((sql) => {
      if (writes.test(sql)) throw sqliteError('database disk image is malformed', SQLITE_CORRUPT);
    });
    const answer = faults.editor.editAt('t1', { type: 'text', block: 0, text: typed(1) }, faults.version);
    expect(answer).toMatchObject({ outcome: 'applied', unsaved: { cause: 'damaged' } });
    if (answer.outcome !== 'applied') return;
    expect(diskRefusalWords(answer.unsaved!)).toContain('found damage in your history file and is repairing it now');
    // Typed during the repair (the file is read-only meanwhile): kept as well.
    faults.fail(null);
    const during = editNow(faults.editor, 't1', { type: 'text', block: 1, text: typed(2) });
    expect(during.unsaved?.cause).toBe('damaged');

    faults.repair();
    expect(faults.heard).toContainEqual({ type: 'saved', id: 't1', version: during.version });
    expect(rowTexts(faults.onDisk().document).slice(0, 2)).toEqual([typed(1), typed(2)]);
  });
});
