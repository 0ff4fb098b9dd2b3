import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { type HistoryStore, createHistoryStore } from '../../../../electron/core/services/history/history-store';
import { translatedRows } from '../../../../electron/core/services/transcript-translate/translation-view';
import { longMeeting } from '../../../support/spoken-record';
import { removeFolder } from '../../../support/temp-folder';

// Translations in the history (migration 18), on a real SQLite file: they go with their
// transcript, a model's rows never replace the user's wording, and a batch's context is the
// translated rows just before it in the transcript's order.
let store: HistoryStore;
beforeEach(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'confab-translations-'));
  store = createHistoryStore(join(dir, 'history.sqlite'));
  store.transcripts.put(longMeeting('t1', 20 / 3600), null);
  return () => (store.close(), removeFolder(dir));
});

const source = (rowId: string) => store.transcripts.rows.rowsOf('t1').find((row) => row.rowId === rowId)!.text;

describe('translations in the history', () => {
  it('go with their transcript', () => {
    store.translations.ensure('t1', 'de', 1);
    const [row] = store.transcripts.rows.rowsOf('t1');
    store.translations.putRows('t1', 'de', [{ rowId: row!.rowId, text: 'Eins.', status: 'translated', edited: false, source: row!.text }]);
    expect(store.translations.list('t1')).toHaveLength(1);
    store.transcripts.remove('t1');
    expect(store.translations.list('t1')).toEqual([]);
    expect(store.db.prepare('SELECT count(*) AS n FROM translation_rows').get()).toEqual({ n: 0 });
  });

  it("keep the user's wording over a model's, and give a batch the translated rows before it", () => {
    const rows = store.transcripts.rows.rowsOf('t1');
    expect(rows.length).toBeGreaterThanOrEqual(4);
    store.translations.ensure('t1', 'de', 1);
    const ids = rows.map((row) => row.rowId);
    store.translations.putRows('t1', 'de', [{ rowId: ids[0]!, text: 'Meins.', status: 'translated', edited: true, source: source(ids[0]!) }], { overEdited: true });
    store.translations.putRows('t1', 'de', [
      { rowId: ids[0]!, text: 'Eins.', status: 'translated', edited: false, source: source(ids[0]!) },
      { rowId: ids[1]!, text: 'Zwei.', status: 'translated', edited: false, source: source(ids[1]!) },
      { rowId: ids[2]!, text: source(ids[2]!), status: 'untranslated', edited: false, source: source(ids[2]!) },
    ]);
    const found = store.translations.get('t1', 'de')!;
    expect(translatedRows(found, rows).map((row) => [row.text, row.status, row.edited])).toEqual([
      ['Meins.', 'translated', true],
      ['Zwei.', 'translated', false],
      [source(ids[2]!), 'untranslated', false],
      [source(ids[3]!), 'pending', false],
      ...rows.slice(4).map((row) => [row.text, 'pending', false]),
    ]);
    // Context for the batch starting at the fourth row: the translated rows before it, in order (not the untranslated one).
    expect(store.translations.previous('t1', 'de', ids[3]!, 3)).toEqual([
      { rowId: ids[0], text: 'Meins.' },
      { rowId: ids[1], text: 'Zwei.' },
    ]);
  });

  it("take a model's row over the user's wording once the original reads otherwise (stale), and never give a stale row as context", () => {
    const ids = store.transcripts.rows.rowsOf('t1').map((row) => row.rowId);
    store.translations.ensure('t1', 'de', 1);
    store.translations.putRows('t1', 'de', [{ rowId: ids[0]!, text: 'Meins.', status: 'translated', edited: true, source: 'what the row said before' }], { overEdited: true });
    store.translations.putRows('t1', 'de', [{ rowId: ids[1]!, text: 'Alt.', status: 'translated', edited: false, source: 'what the row said before' }]);
    expect(store.translations.previous('t1', 'de', ids[2]!, 3)).toEqual([]);
    store.translations.putRows('t1', 'de', [{ rowId: ids[0]!, text: 'Neu.', status: 'translated', edited: false, source: source(ids[0]!) }]);
    expect(store.translations.get('t1', 'de')!.rows.get(ids[0]!)).toMatchObject({ text: 'Neu.', edited: false, source: source(ids[0]!) });
  });
});
