import type { DatabaseSync } from 'node:sqlite';
import type { NoteItem, NoteSection, NoteTemplate, NotesStretch } from '../../../../shared/contract/notes';
import { statementCache } from '../storage/sqlite-transaction';
import { notesTerms } from './notes-index';

/** An item as kept: what the page sees less what is worked out when read (its time, out of date). */
export type StoredItem = Omit<NoteItem, 'startMs' | 'outOfDate'>;

/**
 * A transcript's notes as kept: the template as used, the items, and every row's text when they
 * were made (`rowsThen`, kept in the `cited` column: cited or not, so an update tells an edited
 * row from one the notes merely left out; notes made before it hold only the cited rows).
 */
export interface StoredNotes {
  transcriptId: string;
  template: NoteTemplate;
  createdAt: number;
  items: StoredItem[];
  rowsThen: Record<string, string>;
  covers: NotesStretch[];
  notCovered: NotesStretch[];
}

type Coverage = Pick<StoredNotes, 'covers' | 'notCovered'>;
/** Notes made before coverage was kept (migration 16) name no stretch. */
const NO_COVERAGE: Coverage = { covers: [], notCovered: [] };

/** What search finds notes by: every item's words, the user's own lines, owners and due dates. */
const searchable = (items: readonly StoredItem[]) =>
  items.map((item) => [item.userText, item.text, item.owner, item.due].filter(Boolean).join(' ')).join('\n');

/** Notes and the user's templates in the history (migration 14); a transcript's notes go with it. */
export function notesTable(db: DatabaseSync) {
  const sql = statementCache(db);
  return {
    get(transcriptId: string): StoredNotes | null {
      const row = sql('SELECT template, created_at, items, cited, coverage FROM transcript_notes WHERE transcript_id = ?').get(transcriptId);
      if (!row) return null;
      return {
        transcriptId,
        template: JSON.parse(row.template as string) as NoteTemplate,
        createdAt: row.created_at as number,
        items: JSON.parse(row.items as string) as StoredItem[],
        rowsThen: JSON.parse(row.cited as string) as Record<string, string>,
        ...(row.coverage ? (JSON.parse(row.coverage as string) as Coverage) : NO_COVERAGE),
      };
    },
    put(notes: StoredNotes) {
      const text = searchable(notes.items);
      sql(
        `INSERT INTO transcript_notes (transcript_id, template, created_at, items, cited, text, terms, coverage) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(transcript_id) DO UPDATE SET template = excluded.template, created_at = excluded.created_at,
           items = excluded.items, cited = excluded.cited, text = excluded.text, terms = excluded.terms, coverage = excluded.coverage`,
      ).run(
        notes.transcriptId,
        JSON.stringify(notes.template),
        notes.createdAt,
        JSON.stringify(notes.items),
        JSON.stringify(notes.rowsThen),
        text,
        notesTerms(text),
        JSON.stringify({ covers: notes.covers, notCovered: notes.notCovered }),
      );
    },
    /** The user's own templates, oldest first. */
    templates(): NoteTemplate[] {
      return (sql('SELECT id, name, sections FROM note_templates ORDER BY rowid').all() as Array<{ id: string; name: string; sections: string }>).map(
        (row) => ({ id: row.id, name: row.name, builtIn: false, sections: JSON.parse(row.sections) as NoteSection[] }),
      );
    },
    saveTemplate(template: Omit<NoteTemplate, 'builtIn'>) {
      sql(
        `INSERT INTO note_templates (id, name, sections, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET name = excluded.name, sections = excluded.sections, updated_at = excluded.updated_at`,
      ).run(template.id, template.name, JSON.stringify(template.sections), Date.now());
    },
  };
}

export type NotesTable = ReturnType<typeof notesTable>;
