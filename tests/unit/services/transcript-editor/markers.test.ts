import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeMarkers } from '../../../../shared/domain/markers';
import { subtitleRulesSchema } from '../../../../shared/domain/transcript';
import { createHistoryStore } from '../../../../electron/core/services/history/history-store';
import { wordsIn } from '../../../../electron/core/services/language/language-service';
import { createTranscriptEditor } from '../../../../electron/core/services/transcript-editor/editor-service';
import { transcriptFile } from '../../../../electron/core/services/transcript-export/export-file';
import { readingOf } from '../../../../electron/core/services/transcript-export/reading';
import { editNow } from '../../../support/editor-intents';
import { spokenRecord } from '../../../support/spoken-record';
import { testFolder } from '../../../support/temp-folder';

// Markers dropped while recording: kept with the transcript, shown among its rows where they
// fall, carried through every edit, and written into the text and JSON exports.

const SAID = 'Hello everyone. Bilal asked why the bridge was late. Anna said the steel came late. Then we talked about the budget for a while.';
/** A word every half second: "late." (the 9th word) at 4 s, "Anna" at 4.5 s, the last word at 11.5 s. */
const MARKERS = [
  { at: 4.4, label: 'Anna on the steel' },
  { at: 9.6, label: '' },
];
const options = { rules: subtitleRulesSchema.parse({}), speakerPrefix: true, timestamps: false, words: wordsIn('en'), resolvePerson: (id: string) => ({ id }) };
const text = async (file: Promise<{ bytes: Uint8Array }>) => new TextDecoder().decode((await file).bytes);

async function openMeeting() {
  const dir = await testFolder('confab-markers-');
  const store = createHistoryStore(join(dir, 'history.sqlite'));
  const record = spokenRecord('t1', SAID);
  store.transcripts.put({ ...record, transcript: { ...record.transcript, markers: MARKERS } }, null);
  return { store, editor: createTranscriptEditor({ history: store }) };
}

describe('where markers show', () => {
  it('after the item they fall in, before the first that starts later; untimed items never hold one', () => {
    expect(placeMarkers([0, 2, 4], [{ at: 3, label: '' }, { at: 0, label: 'start' }, { at: 9, label: '' }]).map(({ number, before }) => [number, before])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(placeMarkers([null, 5], [{ at: 1, label: '' }])[0]!.before).toBe(1);
  });
});

describe('markers in the editor document', () => {
  it('open with the transcript, stay through edits, and are in the page\'s reading and the TXT and JSON exports', async () => {
    const { store, editor } = await openMeeting();
    try {
      expect(editor.open('t1').markers).toEqual(MARKERS);
      // Edits of every kind: the text, a split, a speaker named.
      editNow(editor, 't1', { type: 'text', block: 0, text: 'Hello all. Bilal asked why the bridge was late.' });
      editNow(editor, 't1', { type: 'split', block: 0, word: 2 });
      editNow(editor, 't1', { type: 'speaker', block: 1, speaker: { name: 'Bilal' } });
      const opened = editor.open('t1');
      expect(opened.state.edited).toBe(true);
      expect(opened.markers).toEqual(MARKERS);

      const current = editor.current('t1');
      expect(readingOf(current.record, current.document, current.edited).transcript.markers).toEqual(MARKERS);

      const txt = await text(transcriptFile(current, 'txt', options));
      const lines = txt.split('\n\n');
      const marker = lines.indexOf('[0:00:04] ◆ Anna on the steel');
      expect(marker).toBeGreaterThan(0);
      // Where it falls: the paragraph ends there, and the next begins after it.
      expect(lines[marker - 1]).toMatch(/why the bridge was late\.$/);
      expect(lines[marker + 1]).toMatch(/^Bilal: Anna said the steel came late\./);
      expect(lines[lines.indexOf('[0:00:09] ◆ Marker 2') + 1]).toBe('Bilal: budget for a while.\n');
      expect(JSON.parse(await text(transcriptFile(current, 'json', options))).markers).toEqual(MARKERS);
      // Subtitles carry only what was said.
      expect(await text(transcriptFile(current, 'srt', options))).not.toContain('Marker');
    } finally {
      store.close();
    }
  });

  it('are beside the service\'s own answer in an unedited transcript\'s JSON', async () => {
    const { store, editor } = await openMeeting();
    try {
      const json = JSON.parse(await text(transcriptFile(editor.current('t1'), 'json', { ...options, words: wordsIn('de') })));
      expect(json).toMatchObject({ text: SAID, markers: MARKERS });
      expect(await text(transcriptFile(editor.current('t1'), 'txt', { ...options, words: wordsIn('de') }))).toContain('[0:00:09] ◆ Markierung 2');
    } finally {
      store.close();
    }
  });
});
