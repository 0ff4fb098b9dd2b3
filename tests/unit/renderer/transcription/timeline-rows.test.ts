import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../../../shared/domain/transcript';
import { paragraphsOf } from '../../../../renderer/transcription/timeline';

// An unedited transcript on its page: main's paragraphs (made of its rows, as the text export
// makes them) hold the service's text as written, punctuation its words lack included.

const transcript: Transcript = {
  format: 'verbose_json',
  text: 'Hello there. How are you? Fine!',
  raw: '',
  language: 'en',
  duration: 6,
  // Main's paragraphs: a new one after the 2-s pause before "Fine".
  segments: [
    { id: 0, start: 0, end: 1.8, text: 'Hello there How are you' },
    { id: 1, start: 4, end: 4.5, text: 'Fine' },
  ],
  words: [
    { word: 'Hello', start: 0, end: 0.4 },
    { word: 'there', start: 0.4, end: 0.9 },
    { word: 'How', start: 1.0004, end: 1.2 },
    { word: 'are', start: 1.2, end: 1.4 },
    { word: 'you', start: 1.4, end: 1.8 },
    { word: 'Fine', start: 3.9996, end: 4.5 },
  ],
};

const shown = (asWritten: boolean) => paragraphsOf(transcript, asWritten).map((paragraph) => paragraph.tokens.map((token) => token.text).join(' '));

describe('an unedited transcript\'s paragraphs', () => {
  it('are main\'s, holding the service\'s text as written', () => {
    expect(shown(true)).toEqual(['Hello there. How are you?', 'Fine!']);
    expect(paragraphsOf(transcript, true).map((paragraph) => paragraph.tokens.map((token) => token.word))).toEqual([[0, 1, 2, 3, 4], [5]]);
  });

  it('read from the segments\' own text once edited', () => {
    expect(shown(false)).toEqual(['Hello there How are you', 'Fine']);
  });
});
