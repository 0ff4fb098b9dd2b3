import { describe, expect, it } from 'vitest';
import type { EditorBlock } from '../../../../shared/contract/transcriptEditor';
import { paragraphsOf } from '../../../../electron/core/services/transcript-export/paragraphs';

/** A row of `count` words spoken without a pause, ending a sentence or not. */
const row = (i: number, count: number, ends: boolean): EditorBlock => {
  const words = Array.from({ length: count }, (_, w) => `w${i}x${w}`);
  if (ends) words[count - 1] += '.';
  const start = i * count * 300;
  return { id: String(i + 1), speaker: null, words, times: words.flatMap((_, w) => [start + w * 300, start + w * 300 + 250]) };
};

describe('paragraphs of a long monologue', () => {
  it('end at a sentence once long, though nobody paused: a three-hour talk is not one paragraph of 27,000 words', () => {
    // 600 rows of 10 words, every third ending a sentence, no pause of two seconds anywhere.
    const blocks = Array.from({ length: 600 }, (_, i) => row(i, 10, i % 3 === 2));
    const paragraphs = paragraphsOf({ speakers: [], blocks });
    expect(paragraphs.length).toBeGreaterThan(20);
    for (const paragraph of paragraphs.slice(0, -1)) expect(paragraph.text).toMatch(/\.$/);
    expect(Math.max(...paragraphs.map((paragraph) => paragraph.text.split(' ').length))).toBeLessThanOrEqual(160);
    // Every word is still there, once, in order.
    expect(paragraphs.map((paragraph) => paragraph.text).join(' ')).toBe(blocks.flatMap((block) => block.words).join(' '));
  });

  it('without any sentence end, still end at a row once very long', () => {
    const blocks = Array.from({ length: 200 }, (_, i) => row(i, 10, false));
    const paragraphs = paragraphsOf({ speakers: [], blocks });
    expect(paragraphs.length).toBeGreaterThan(3);
    expect(Math.max(...paragraphs.map((paragraph) => paragraph.text.split(' ').length))).toBeLessThanOrEqual(500);
  });

  it('a short talk stays one paragraph', () => {
    const blocks = Array.from({ length: 5 }, (_, i) => row(i, 10, true));
    expect(paragraphsOf({ speakers: [], blocks })).toHaveLength(1);
  });
});
