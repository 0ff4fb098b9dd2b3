import { copyFileSync, existsSync, rmSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import type { RestoreOutcome } from '../../../../shared/contract/history';
import { type HistoryStore, createHistoryStore } from './history-store';
import type { DeletedKind } from './deletions';
import { columnsOf, historyTables, quoted } from './history-tables';
import { mergeConversation } from './merge';
import { mergeRestoredNames } from './people';
import { transcriptRowIndex } from './transcript-rows';

/**
 * Merged by their own rules below: a conversation with its messages, a transcript with its edits,
 * undo steps and indexed rows. What the user deleted is the history's own record, never a backup's: an older
 * one would mark again what the user brought back since.
 */
const MERGED_WHOLE = new Set(['conversations', 'messages', 'transcripts', 'transcript_edits', 'transcript_edit_steps', 'transcript_rows', 'deleted_items']);
/** SQLITE_CONSTRAINT_FOREIGNKEY: the row refers to one the history does not hold. */
const FOREIGN_KEY_FAILED = 787;

/**
 * A transcript's edits and their undo steps come back with it: restored, it reads as it did when
 * backed up, its rows under the ids they had (and indexed as it reads).
 */
function copyEdits(from: DatabaseSync, to: DatabaseSync, id: string) {
  const edit = from.prepare('SELECT document, speakers, position, updated_at, text, version, next_row FROM transcript_edits WHERE transcript_id = ?').get(id);
  if (!edit) return;
  to.prepare('INSERT INTO transcript_edits (transcript_id, document, speakers, position, updated_at, text, version, next_row) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
    id, edit.document, edit.speakers, edit.position, edit.updated_at, edit.text, edit.version, edit.next_row,
  );
  transcriptRowIndex(to).sync(id, JSON.parse(edit.document as string));
  const insert = to.prepare('INSERT INTO transcript_edit_steps (transcript_id, seq, forward, backward) VALUES (?, ?, ?, ?)');
  for (const step of from.prepare('SELECT seq, forward, backward FROM transcript_edit_steps WHERE transcript_id = ?').iterate(id)) {
    insert.run(id, step.seq, step.forward, step.backward);
  }
}

/**
 * Any other table (one a later feature adds) comes back row by row: a row the history lacks is
 * added, one it holds (by its key) is left as it is, and one that refers to a row the history does
 * not hold is left out, since it would point at nothing.
 */
function addMissingRows(from: DatabaseSync, to: DatabaseSync, table: string, only?: { where: string; params: string[]; keep: (row: Record<string, unknown>) => boolean }): number {
  const present = new Set(columnsOf(to, table));
  const columns = columnsOf(from, table).filter((name) => present.has(name));
  if (columns.length === 0) return 0;
  const list = columns.map(quoted).join(', ');
  const insert = to.prepare(`INSERT OR IGNORE INTO ${quoted(table)} (${list}) VALUES (${columns.map(() => '?').join(', ')})`);
  let added = 0;
  for (const row of from.prepare(`SELECT ${list} FROM ${quoted(table)}${only ? ` WHERE ${only.where}` : ''}`).iterate(...(only?.params ?? []))) {
    if (only && !only.keep(row)) continue;
    try {
      added += Number(insert.run(...columns.map((name) => row[name]!)).changes);
    } catch (error) {
      if ((error as { errcode?: number }).errcode !== FOREIGN_KEY_FAILED) throw error;
    }
  }
  return added;
}

/**
 * A repair's merge of one conversation, never a copy: a copy would come back at every repair,
 * deleted or not, holding messages the user removed since. One the history lacks goes in whole;
 * one it holds gets back the messages it lacks and the user did not remove (the damage took them),
 * each at its place (the backup's position; those after it were written later and are numbered after).
 */
function addLacking(source: HistoryStore, history: HistoryStore, id: string, removed: Set<string>): 'added' | 'unchanged' {
  if (!history.exists(id)) {
    const incoming = source.get(id);
    if (incoming.messages.some((message) => history.messageExists(message.id))) return 'unchanged';
    history.insertWhole(incoming);
    return 'added';
  }
  const only = { where: 'conversation_id = ?', params: [id], keep: (row: Record<string, unknown>) => !removed.has(row.id as string) };
  return history.batch(() => addMissingRows(source.db, history.db, 'messages', only)) > 0 ? 'added' : 'unchanged';
}

/**
 * Merges a backup into the live history: never overwrites. The backup is copied aside first and
 * opened as a store of its own, so the backup file stays untouched and one from an older schema
 * is migrated to this one before anything is read from it.
 *
 * `deleted`: what the user deleted since the backup was taken. A repair leaves it out (`skipped`):
 * it merges to bring back what damage took, not what the user removed. A restore the user asks
 * for brings it back (`restored`): going back to a backup is how a deletion is undone once its
 * undo is gone, and what comes back under its own id is no longer remembered as deleted.
 */
export function mergeBackup(history: HistoryStore, backupPath: string, scratchPath: string, deleted: 'skipped' | 'restored'): RestoreOutcome {
  const outcome: RestoreOutcome = { added: 0, copied: 0, unchanged: 0, transcripts: 0 };
  const clear = () => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(scratchPath + suffix, { force: true });
  };
  clear();
  copyFileSync(backupPath, scratchPath);
  const source = createHistoryStore(scratchPath);
  const { deletions } = history;
  const skipped = (kind: DeletedKind) => (deleted === 'skipped' ? deletions.ids(kind) : new Set<string>());
  try {
    const deletedConversations = skipped('conversation');
    const removedMessages = skipped('message');
    for (const summary of source.list()) {
      if (deletedConversations.has(summary.id)) continue;
      if (deleted === 'skipped') {
        outcome[addLacking(source, history, summary.id, removedMessages)] += 1;
        continue;
      }
      const { kind, conversation } = mergeConversation(history, source.get(summary.id));
      if (kind === 'added') deletions.forget('conversation', conversation.id);
      outcome[kind] += 1;
    }
    const present = new Set([...history.transcripts.list().map((transcript) => transcript.id), ...skipped('transcript')]);
    for (const { id } of source.transcripts.list()) {
      if (present.has(id)) continue;
      // The audio may have been deleted with the transcript since; the text comes back regardless.
      const audio = source.transcripts.audioPath(id);
      history.batch(() => {
        history.transcripts.put(source.transcripts.get(id), audio && existsSync(audio) ? audio : null);
        copyEdits(source.db, history.db, id);
        deletions.forget('transcript', id);
      });
      outcome.transcripts += 1;
    }
    const peopleHere = new Set(history.people.all().map((person) => person.id));
    for (const table of historyTables(source.db)) {
      if (!MERGED_WHOLE.has(table)) history.batch(() => addMissingRows(source.db, history.db, table));
    }
    history.batch(() => mergeRestoredNames(history.people, peopleHere));
  } finally {
    source.close();
    clear();
  }
  return outcome;
}
