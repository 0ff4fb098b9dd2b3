import { describe, expect, it } from 'vitest';
import type { EditorDocument } from '../../../../shared/contract/transcriptEditor';
import type { TranscriptRecord } from '../../../../shared/contract/transcription';
import { originalDocument } from '../../../../electron/core/services/transcript-editor/original';
import { readingOf } from '../../../../electron/core/services/transcript-export/reading';
import { placeRows } from '../../../../renderer/transcription/rows';
import { paragraphsOf } from '../../../../renderer/transcription/timeline';

// Which row each word the page shows is in comes from main, which made the rows: no guess by
// time, so rows that start together and a row the user inserted without times are each placed.

const record: TranscriptRecord = {
  id: 't1',
  fileName: 'talk.wav',
  createdAt: 0,
  request: { model: 'speech-1', language: '', prompt: '', responseFormat: 'verbose_json', granularities: ['word'] },
  transcript: { format: 'verbose_json', text: '', raw: '{}', language: 'en', duration: 9, segments: [], words: [] },
};

/** Each shown token with the id of the row the page puts it in, paragraph by paragraph. */
function placed(document: EditorDocument, edited: boolean) {
  const reading = readingOf(record, document, edited);
  const paragraphs = paragraphsOf(reading.transcript, !edited);
  const places = placeRows(reading.rows, paragraphs, reading.transcript.words);
  const tokens = paragraphs.map((paragraph, p) => paragraph.tokens.map((token, k) => `${token.text}@${reading.rows[places.tokens[p]![k]!]?.id ?? '-'}`));
  return { tokens, first: reading.rows.map((row, i) => `${row.id}:${places.paragraph[i]}`) };
}

describe('the rows the page shows its words in', () => {
  it('places two rows that start at the same time each in its own words', () => {
    const document: EditorDocument = {
      speakers: [],
      blocks: [
        { id: 'r1', speaker: null, words: ['Yes.'], times: [1000, 1000] },
        { id: 'r2', speaker: null, words: ['Agreed', 'then.'], times: [1000, 1400, 1400, 1800] },
      ],
    };
    expect(placed(document, true)).toEqual({ tokens: [['Yes.@r1', 'Agreed@r2', 'then.@r2']], first: ['r1:0', 'r2:0'] });
  });

  it('places a row the user inserted without times in its own row, not the one before', () => {
    const document: EditorDocument = {
      speakers: [],
      blocks: [
        { id: 'r1', speaker: null, words: ['Budget', 'is', 'set.'], times: [0, 300, 300, 500, 500, 900] },
        { id: 'r9', speaker: null, words: ['Inserted', 'line.'], times: null },
        { id: 'r2', speaker: null, words: ['Bridge', 'next.'], times: [1000, 1300, 1300, 1600] },
      ],
    };
    expect(placed(document, true)).toEqual({
      tokens: [['Budget@r1', 'is@r1', 'set.@r1', 'Inserted@r9', 'line.@r9', 'Bridge@r2', 'next.@r2']],
      first: ['r1:0', 'r9:0', 'r2:0'],
    });
  });

  it('places the service\'s own words unedited, where a row joined several of them into one', () => {
    // Whisper-style words with their own spaces, the full stop a word of its own: the row holds "there." as one word.
    const words = [' Hello', ' there', '.', ' How', ' are', ' you', '?'].map((word, i) => ({ word, start: i < 3 ? i * 0.3 : 4 + i * 0.3, end: i < 3 ? i * 0.3 + 0.3 : 4.3 + i * 0.3 }));
    const transcript = { ...record.transcript, text: 'Hello there. How are you?', words };
    const document = originalDocument(transcript);
    const reading = readingOf({ ...record, transcript }, document, false);
    expect(reading.rows.map((row) => [row.firstWord, row.wordCount])).toEqual([
      [0, 3],
      [3, 4],
    ]);
  });
});
