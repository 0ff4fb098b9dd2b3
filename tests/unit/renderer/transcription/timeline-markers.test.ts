import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../../../shared/domain/transcript';
import { paragraphsOf, withMarkers } from '../../../../renderer/transcription/timeline';

const said = 'One two three four five six';
const markers: Transcript['markers'] = [{ at: 1.2, label: 'here' }, { at: 3.5, label: '' }];
const transcript = (segments: Transcript['segments']): Transcript => ({
  format: 'verbose_json',
  text: said,
  raw: '',
  language: 'en',
  duration: 4,
  segments,
  words: said.split(' ').map((word, i) => ({ word, start: i * 0.5, end: i * 0.5 + 0.4 })),
  markers,
});
const texts = (transcript: Transcript, asWritten: boolean) => paragraphsOf(transcript, asWritten).map((paragraph) => paragraph.tokens.map((token) => token.text).join(' '));

describe('markers among the transcript page\'s paragraphs', () => {
  it('sit between main\'s paragraphs, which end at the word after them', () => {
    // Main's reading: a paragraph ends at the first word past a marker (transcript-export/paragraphs.ts).
    const marked = transcript([
      { id: 0, start: 0, end: 1.4, text: 'One two three' },
      { id: 1, start: 1.5, end: 2.9, text: 'four five six' },
    ]);
    for (const asWritten of [true, false]) expect(texts(marked, asWritten)).toEqual(['One two three', 'four five six']);
    const { items, itemOf } = withMarkers(paragraphsOf(marked, true), markers!);
    expect(items.map((item) => ('marker' in item ? `◆${item.marker.number}` : item.index))).toEqual([0, '◆1', 1, '◆2']);
    expect([...itemOf]).toEqual([0, 2]);
  });

  it('are main\'s alone: the page cuts no paragraphs of its own from the words', () => {
    expect(texts(transcript([]), false)).toEqual([said]);
  });
});
