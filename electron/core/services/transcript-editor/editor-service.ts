import type { EditIntent, EditorBlock, EditorDocument, EditorPatch, EditorState } from '../../../../shared/contract/transcriptEditor';
import type { DiskRefusal } from '../../../../shared/contract/storage';
import type { TranscriptRecord } from '../../../../shared/contract/transcription';
import type { HistoryStore } from '../history/history-store';
import { editTable } from './edit-store';
import { patchFor } from './intents';
import { originalDocument } from './original';
import { applyWithInverse } from './patch';
import { type RowCounter, rowCounter } from './row-ids';
import type { PeopleLookup } from './speaker-choice';
import type { IndexedRows } from '../history/transcript-rows';
import { type History, historyAt, rebase, remember, typedOverOther } from './versions';
import { log } from '../../log';
import { createWatchers } from '../events/watchers';
import { diskRefusal, retryTimer } from '../history/refused-writes';
import { type Unsaved, keepStep, writeOrKeep } from './unsaved';
import { Problem } from '../../../../shared/domain/problem';

interface Open {
  record: TranscriptRecord;
  document: EditorDocument;
  position: number;
  top: number;
  version: number;
  /** Row ids given so far: the next new row's id (row-ids.ts). */
  rows: RowCounter;
  /** What the row index holds of it, as the last write left it: the next write changes only what differs. */
  indexed: IndexedRows;
  /** Its recent changes, to merge an edit made on an earlier version. */
  history: History;
  /** The service's result as a document, made when first needed. */
  original?: EditorDocument;
  /** Changes the disk refused, kept until it takes them (the document above is already past them). */
  unsaved?: Unsaved;
}

/** Documents kept parsed in memory: the one being edited and a few recent ones. */
const CACHED = 4;

/** For a transcript deleted while the editor had it open (another window, tab or the sidebar). */
const DELETED = 'editor.deleted';

const sameBlock = (a: EditorBlock, b: EditorBlock) =>
  a.speaker === b.speaker &&
  a.words.length === b.words.length &&
  a.words.every((word, i) => word === b.words[i]) &&
  (a.times === b.times || (a.times !== null && b.times !== null && a.times.length === b.times.length && a.times.every((time, i) => time === b.times![i])));

/** A change to a document, told to every page (each window's editor follows it). */
export type EditorChange =
  | { type: 'changed'; id: string; patch: EditorPatch; state: EditorState; version: number; unsaved: DiskRefusal | null }
  | { type: 'deleted'; id: string }
  | { type: 'saved'; id: string; version: number };

/**
 * Main's transcript editor. Every intent becomes a patch, applied to the document kept in
 * memory and written with its inverse in one transaction before the reply leaves, so what
 * the page shows as saved is on disk (a killed app loses only what the page had not sent
 * yet: at most its last second of typing). Every change counts the document's version up
 * and goes to every watching page, so two windows on one transcript both follow it.
 * A change the disk refuses (full, read-only, failing, under repair) is kept here, not
 * taken back: the page shows it as not saved yet, and main writes it before the next edit
 * of any transcript or on a timer, once the disk takes it — never only on the page.
 */
export function createTranscriptEditor(deps: { history: HistoryStore; people?: PeopleLookup }) {
  const edits = editTable(deps.history.db);
  const cache = new Map<string, Open>();
  const watchers = createWatchers<EditorChange>();
  // A repaired history may hold other rows than the documents kept here; unsaved ones stay, to be written into it.
  deps.history.onRepaired(() => {
    for (const [id, open] of cache) if (!open.unsaved) cache.delete(id);
    retryUnsaved();
  });
  const retry = retryTimer(retryUnsaved);

  /** Writes what the disk refused before, every document's; whether anything is still left. */
  function retryUnsaved(): boolean {
    let left = false;
    for (const [id, open] of cache) if (open.unsaved && !writeUnsaved(id, open, open.unsaved)) left = true;
    return left;
  }

  function writeUnsaved(id: string, open: Open, unsaved: Unsaved): boolean {
    try {
      open.indexed = edits.catchUp(id, unsaved.steps, open.document, standing(open), open.indexed);
    } catch (error) {
      const refusal = diskRefusal(error);
      if (refusal) unsaved.refusal = refusal;
      else log.warn('Could not write edits the disk had refused:', error);
      return false;
    }
    open.unsaved = undefined;
    watchers.broadcast({ type: 'saved', id, version: open.version });
    return true;
  }

  const write = (open: Open, store: () => void, takeBack: () => void) => {
    if (writeOrKeep(open, store, takeBack)) retry.start();
  };

  /** `gone`: the code a deleted transcript is told with, the editor's by default. */
  function load(id: string, gone: 'editor.deleted' | 'editor.transcript_gone' = DELETED): Open {
    // Checked every time, the cache included: a deleted transcript's edits would otherwise
    // meet its removed rows as a foreign-key failure in SQLite's words.
    if (!deps.history.transcripts.exists(id)) {
      cache.delete(id);
      throw new Problem(gone);
    }
    const cached = cache.get(id);
    if (cached) {
      cache.delete(id);
      cache.set(id, cached);
      return cached;
    }
    const record = deps.history.transcripts.get(id);
    const row = edits.get(id);
    let open: Open;
    if (row) {
      const { document } = row;
      open = { record, document, position: row.position, top: row.top, version: row.version, rows: rowCounter(row.nextRow), indexed: edits.held(document), history: historyAt(row.version) };
    }
    else {
      // Unedited: the document is the original, in its own array (patches splice the array,
      // never a block, so the two can share blocks).
      const original = originalDocument(record.transcript);
      const document = { blocks: [...original.blocks], speakers: original.speakers };
      const rows = rowCounter(original.blocks.length + 1);
      open = { record, document, position: 0, top: 0, version: 0, rows, indexed: edits.held(document), history: historyAt(0), original };
    }
    cache.set(id, open);
    // Documents with unsaved changes stay however many there are: memory holds their only copy.
    const evicted = [...cache].find(([, each]) => !each.unsaved);
    if (cache.size > CACHED && evicted) cache.delete(evicted[0]);
    return open;
  }

  function state(id: string, open: Open): EditorState {
    const original = originalOf(open);
    const { blocks, speakers } = open.document;
    const edited =
      blocks.length !== original.blocks.length ||
      speakers.length !== original.speakers.length ||
      blocks.some((block, i) => !sameBlock(block, original.blocks[i]!));
    return { canUndo: open.position > 0 && open.position >= edits.oldest(id), canRedo: open.position < open.top, edited };
  }

  /** What is stored beside a document: its step, version and row counter. */
  const standing = (open: Open, position = open.position, version = open.version) => ({ position, version, nextRow: open.rows.next });
  const originalOf = (open: Open) => (open.original ??= originalDocument(open.record.transcript));
  const durationMs = (open: Open) => (open.record.transcript.duration ? Math.floor(open.record.transcript.duration * 1000) : null);

  /** A change made and stored: counted, remembered for later merges, and told to every page. */
  function changed(id: string, open: Open, patch: EditorPatch) {
    open.version += 1;
    remember(open.history, patch);
    const change = { patch, state: state(id, open), version: open.version, unsaved: open.unsaved?.refusal ?? null };
    watchers.broadcast({ type: 'changed', id, ...change });
    return change;
  }

  function commit(id: string, open: Open, patch: EditorPatch | null) {
    if (!patch) return { patch: { ranges: [], speakers: null }, state: state(id, open), version: open.version, unsaved: open.unsaved?.refusal ?? null };
    const backward = applyWithInverse(open.document, patch);
    const position = open.position + 1;
    write(
      open,
      () => (open.indexed = edits.record(id, open.document, standing(open, position, open.version + 1), open.indexed, patch, backward)),
      () => applyWithInverse(open.document, backward),
    );
    if (open.unsaved) keepStep(open.unsaved, position, { forward: patch, backward });
    open.position = position;
    open.top = position;
    return changed(id, open, patch);
  }

  /** Undo or redo: one stored step applied, the position moved. */
  function step(id: string, open: Open, patch: EditorPatch, position: number) {
    const backward = applyWithInverse(open.document, patch);
    write(
      open,
      () => (open.indexed = edits.move(id, open.document, standing(open, position, open.version + 1), open.indexed)),
      () => applyWithInverse(open.document, backward),
    );
    open.position = position;
    return changed(id, open, patch);
  }

  /** A stored step, or one still waiting for the disk. */
  const storedStep = (id: string, open: Open, seq: number) => open.unsaved?.steps.get(seq) ?? edits.step(id, seq);

  /** Every intent first writes what the disk refused before (any document's), now that it may take it. */
  function loadForEdit(id: string) {
    retryUnsaved();
    return load(id);
  }

  return {
    open(id: string) {
      const open = load(id);
      const { duration, markers = [] } = open.record.transcript;
      return {
        fileName: open.record.fileName,
        markers,
        document: open.document,
        state: state(id, open),
        version: open.version,
        hasTimings: open.document.blocks.some((block) => block.times),
        duration,
        unsaved: open.unsaved?.refusal ?? null,
      };
    },

    /** Every change to any document, until `signal` aborts (the page went away). */
    watch: (emit: (change: EditorChange) => void, signal: AbortSignal) => watchers.watch(emit, signal),

    /**
     * An intent made on version `base`: applied to the row as it is now if no change since
     * touched that row and, for typing, the row still reads as what it was typed over; else
     * refused with what the user typed (never written over another's).
     */
    editAt(id: string, intent: EditIntent, base: number) {
      const open = loadForEdit(id);
      const rebased = rebase(open.history, open.version, base, intent, open.document.blocks.length);
      if ('refusal' in rebased) return { outcome: 'refused' as const, refusal: rebased.refusal };
      const overOther = typedOverOther(open.document, intent, rebased.intent);
      if (overOther) return { outcome: 'refused' as const, refusal: overOther };
      return { outcome: 'applied' as const, ...commit(id, open, patchFor(open.document, rebased.intent, durationMs(open), open.rows, deps.people ?? null)) };
    },

    /**
     * A change main makes itself (speakers told apart by track): one step Undo takes back, `make`
     * seeing the document as it now is and giving new rows their ids from `rows`.
     */
    change(id: string, make: (document: EditorDocument, rows: RowCounter) => EditorPatch | null) {
      const open = loadForEdit(id);
      return commit(id, open, make(open.document, open.rows));
    },

    undo(id: string) {
      const open = loadForEdit(id);
      if (!state(id, open).canUndo) throw new Problem('editor.nothing_to_undo');
      return step(id, open, storedStep(id, open, open.position).backward, open.position - 1);
    },

    redo(id: string) {
      const open = loadForEdit(id);
      if (open.position >= open.top) throw new Problem('editor.nothing_to_redo');
      return step(id, open, storedStep(id, open, open.position + 1).forward, open.position + 1);
    },

    /** The service's result again, as one step (so Undo brings the edits back). */
    revert(id: string) {
      const open = loadForEdit(id);
      const original = structuredClone(originalOf(open));
      return commit(id, open, { ranges: [{ at: 0, remove: open.document.blocks.length, insert: original.blocks }], speakers: original.speakers });
    },

    /**
     * A transcript was deleted: every page hears of it, and what is cached goes (it may come
     * back from a backup without its edits).
     */
    forget(id: string) {
      cache.delete(id);
      watchers.broadcast({ type: 'deleted', id });
    },

    knownSpeakers: () => edits.speakerNames(),

    /**
     * The transcript as it now reads, for its page, exports and Ask: its document, and whether
     * that differs from the service's result (a transcript reverted to it reads as unedited).
     */
    current(id: string) {
      // Its page, an export or Ask: no editor typing to speak of.
      const open = load(id, 'editor.transcript_gone');
      return { record: open.record, document: open.document, edited: state(id, open).edited };
    },

    /** Whether a transcript was ever edited, without building its document (a cheap look before `current`). */
    hasEdits: (id: string) => edits.exists(id),

  };
}

export type TranscriptEditor = ReturnType<typeof createTranscriptEditor>;
