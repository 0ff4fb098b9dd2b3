import { describe, expect, it } from 'vitest';
import type { EditorDocument } from '../../../../shared/contract/transcriptEditor';
import type { TranscriptRecord } from '../../../../shared/contract/transcription';
import { readingOf } from '../../../../electron/core/services/transcript-export/reading';

const record = (text: string): TranscriptRecord => ({
  id: 't1',
  fileName: 'talk.wav',
  createdAt: 0,
  request: { model: 'speech-1', language: '', prompt: '', responseFormat: 'verbose_json', granularities: ['word'] },
  transcript: { format: 'verbose_json', text, raw: '{}', language: 'en', duration: 9, segments: [], words: [] },
});

describe('a transcript as its page reads it', () => {
  it('without timings, is the service\'s result, untouched, until it is edited', () => {
    const unedited = record('Hello there.');
    const document: EditorDocument = { speakers: [], blocks: [{ id: '1', speaker: null, words: ['Hello', 'there.'], times: null }] };
    expect(readingOf(unedited, document, false)).toEqual({ ...unedited, edits: null, rows: [{ id: '1', startMs: null, endMs: null, firstWord: 0, wordCount: 0 }] });
  });

  it('with timings, unedited too: its rows in the exports\' paragraphs, so the page groups as they do', () => {
    const document: EditorDocument = {
      speakers: [],
      blocks: [
        { id: '1', speaker: null, words: ['Hello', 'there.'], times: [0, 400, 400, 900] },
        { id: '2', speaker: null, words: ['How', 'are', 'you?'], times: [1000, 1200, 1200, 1400, 1400, 1800] },
        // Over two seconds of silence: a paragraph of its own.
        { id: '3', speaker: null, words: ['Fine.'], times: [4000, 4500] },
      ],
    };
    const reading = readingOf(record('Hello there how are you fine'), document, false);
    expect(reading.edits).toBeNull();
    expect(reading.transcript.segments).toEqual([
      { id: 0, start: 0, end: 1.8, text: 'Hello there. How are you?' },
      { id: 1, start: 4, end: 4.5, text: 'Fine.' },
    ]);
    // The service's own text and words stay, for the page to show the text as written.
    expect(reading.transcript.text).toBe('Hello there how are you fine');
    expect(reading.rows).toEqual([
      // The service sent no words here: none are any row's.
      { id: '1', startMs: 0, endMs: 900, firstWord: 0, wordCount: 0 },
      { id: '2', startMs: 1000, endMs: 1800, firstWord: 0, wordCount: 0 },
      { id: '3', startMs: 4000, endMs: 4500, firstWord: 0, wordCount: 0 },
    ]);
  });

  it('once edited: a paragraph per speaker or long pause, each with its speaker, the words with their times in seconds', () => {
    const document: EditorDocument = {
      speakers: [
        { id: 'a', name: 'Bilal' },
        { id: 'b', name: 'Anna' },
      ],
      blocks: [
        { id: '1', speaker: 'a', words: ['Hello', 'Anna.'], times: [0, 400, 400, 900] },
        { id: '2', speaker: null, words: ['How', 'are', 'you?'], times: [1000, 1200, 1200, 1400, 1400, 1800] },
        { id: '3', speaker: 'b', words: ['Fine.'], times: [2000, 2500] },
        // Over two seconds of silence: a paragraph of its own, the same speaker.
        { id: '4', speaker: null, words: ['Thanks.'], times: [5000, 5600] },
      ],
    };
    const reading = readingOf(record('Hello Ana. How are you? Fine. Thanks.'), document, true);
    expect(reading.edits).toEqual({ speakers: ['Bilal', 'Anna', 'Anna'] });
    expect(reading.transcript.text).toBe('Bilal: Hello Anna. How are you?\n\nAnna: Fine.\n\nAnna: Thanks.');
    expect(reading.transcript.segments).toEqual([
      { id: 0, start: 0, end: 1.8, text: 'Hello Anna. How are you?' },
      { id: 1, start: 2, end: 2.5, text: 'Fine.' },
      { id: 2, start: 5, end: 5.6, text: 'Thanks.' },
    ]);
    expect(reading.transcript.words.map((word) => [word.word, word.start, word.end])).toEqual([
      ['Hello', 0, 0.4],
      ['Anna.', 0.4, 0.9],
      ['How', 1, 1.2],
      ['are', 1.2, 1.4],
      ['you?', 1.4, 1.8],
      ['Fine.', 2, 2.5],
      ['Thanks.', 5, 5.6],
    ]);
  });

  it('once edited, shows a row typed in without times as a paragraph of its own, where it stands', () => {
    const document: EditorDocument = {
      speakers: [
        { id: 'a', name: 'Bilal' },
        { id: 'b', name: 'Anna' },
      ],
      blocks: [
        { id: '1', speaker: 'a', words: ['Hello', 'Anna.'], times: [0, 400, 400, 900] },
        // Typed in by the user: no times, another speaker, so a paragraph of its own.
        { id: '2', speaker: 'b', words: ['(inaudible)'], times: null },
        { id: '3', speaker: 'a', words: ['Thanks.'], times: [2000, 2500] },
      ],
    };
    const reading = readingOf(record('Hello Anna. Thanks.'), document, true);
    expect(reading.transcript.segments).toEqual([
      { id: 0, start: 0, end: 0.9, text: 'Hello Anna.' },
      { id: 1, start: 0.9, end: 0.9, text: '(inaudible)' },
      { id: 2, start: 2, end: 2.5, text: 'Thanks.' },
    ]);
    expect(reading.edits).toEqual({ speakers: ['Bilal', 'Anna', 'Bilal'] });
  });

  it('writes Chinese words together, and a document without timings as text alone', () => {
    const document: EditorDocument = { speakers: [{ id: 'a', name: '王' }], blocks: [{ id: '1', speaker: 'a', words: ['我们', '走吧。'], times: null }] };
    const reading = readingOf(record('我们走吧。'), document, true);
    expect(reading.transcript.text).toBe('王: 我们走吧。');
    expect(reading.transcript.segments).toEqual([]);
    expect(reading.transcript.words).toEqual([]);
    expect(reading.edits).toEqual({ speakers: [] });
  });
});
