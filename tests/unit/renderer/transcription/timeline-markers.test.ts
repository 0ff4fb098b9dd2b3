import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../../../shared/domain/transcript';
import { paragraphsOf, withMarkers } from '../../../../renderer/transcription/timeline';

const said = 'One two three four five six';
const transcript = (markers: Transcript['markers']): Transcript => ({
  format: 'verbose_json',
  text: said,
  raw: '',
  language: 'en',
  duration: 4,
  segments: [],
  words: said.split(' ').map((word, i) => ({ word, start: i * 0.5, end: i * 0.5 + 0.4 })),
  markers,
});

describe('markers among the transcript page\'s paragraphs', () => {
  it('end a paragraph at the word after them, and sit between the two', () => {
    const marked = transcript([{ at: 1.2, label: 'here' }, { at: 3.5, label: '' }]);
    const paragraphs = paragraphsOf(marked);
    expect(paragraphs.map((paragraph) => paragraph.tokens.map((token) => token.text).join(' '))).toEqual(['One two three', 'four five six']);
    const { items, itemOf } = withMarkers(paragraphs, marked.markers!);
    expect(items.map((item) => ('marker' in item ? `◆${item.marker.number}` : item.index))).toEqual([0, '◆1', 1, '◆2']);
    expect([...itemOf]).toEqual([0, 2]);
  });

  it('leave a transcript without markers as it was', () => {
    expect(paragraphsOf(transcript(undefined))).toHaveLength(1);
  });
});
