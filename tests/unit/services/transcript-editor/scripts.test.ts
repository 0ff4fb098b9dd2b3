import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EditIntent, EditorBlock, EditorDocument } from '../../../../shared/contract/transcriptEditor';
import { blockText, findMatches, findPattern } from '../../../../shared/domain/transcript-edits';
import { joinWords, splitWords, wordAtOffset } from '../../../../shared/domain/words';
import { patchFor } from '../../../../electron/core/services/transcript-editor/intents';
import { applyWithInverse } from '../../../../electron/core/services/transcript-editor/patch';
import { retimeBlock } from '../../../../electron/core/services/transcript-editor/retime';
import { rowCounter } from '../../../../electron/core/services/transcript-editor/row-ids';

/** Tokens as services send them, a few per script; Chinese and Japanese ones of one or more characters. */
const TOKENS = {
  latin: ['budget', 'Meeting,', 'café', 'naïve', 'OK.'],
  chinese: ['我们', '的', '预算', '会议', '。', '很', '重要'],
  japanese: ['会議', 'の', '予算', 'です', 'カタカナ', '、'],
  thai: ['สวัสดี', 'ครับ', 'งบประมาณ'],
  arabic: ['الميزانية', 'اجتماع', 'مُهِمّ'],
};
const GLUED = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\u3000-\u303f\uff00-\uffef]/u;
const token = fc.constantFrom(...Object.values(TOKENS).flat());

/** A row of mixed-script tokens with ordered times: each token a span, gaps between. */
const row = fc
  .array(fc.tuple(token, fc.integer({ min: 0, max: 300 }), fc.integer({ min: 1, max: 900 })), { minLength: 1, maxLength: 12 })
  .map((parts): EditorBlock => {
    const times: number[] = [];
    let at = 1000;
    for (const [, gap, length] of parts) {
      times.push(at + gap, at + gap + length);
      at += gap + length;
    }
    return { id: '1', speaker: null, words: parts.map(([word]) => word), times };
  });

const documentOf = (block: EditorBlock): EditorDocument => ({ blocks: [structuredClone(block)], speakers: [] });
const apply = (document: EditorDocument, intent: EditIntent) => {
  const patch = patchFor(document, intent, null, rowCounter(100));
  if (patch) applyWithInverse(document, patch);
  return document;
};

/** What a reader expects a row's tokens to read: a space between words, none between two Chinese or Japanese characters. */
function expectedText(words: readonly string[]): string {
  return words.reduce((text, word) => (!text ? word : GLUED.test(text.at(-1)!) && GLUED.test(word[0]!) ? text + word : `${text} ${word}`), '');
}

function expectTimesInside(block: EditorBlock, from: number, to: number) {
  const times = block.times!;
  expect(times).toHaveLength(block.words.length * 2);
  for (let i = 0; i < times.length; i += 2) {
    expect(times[i]).toBeGreaterThanOrEqual(i ? times[i - 2]! : from);
    expect(times[i + 1]).toBeGreaterThanOrEqual(times[i]!);
    expect(times[i + 1]).toBeLessThanOrEqual(to);
  }
}

describe('the editor\'s words in every script: properties over mixed-script rows', () => {
  it('shows a row as its words read, and cutting that text and joining it again keeps it', () => {
    fc.assert(
      fc.property(row, (block) => {
        const text = blockText(block);
        expect(text).toBe(expectedText(block.words));
        expect(joinWords(splitWords(text))).toBe(text);
        // Typing the row's own text back changes nothing.
        expect(patchFor(documentOf(block), { type: 'text', block: 0, text }, null, rowCounter(2))).toBeNull();
      }),
    );
  });

  it('a split at any caret and a merge back keep the text and the row\'s span', () => {
    fc.assert(
      fc.property(row, fc.nat(), (block, pick) => {
        const text = blockText(block);
        const word = wordAtOffset(text, pick % (text.length + 1));
        const count = splitWords(text).length;
        fc.pre(word >= 1 && word < count);
        const document = apply(documentOf(block), { type: 'split', block: 0, word });
        expect(document.blocks).toHaveLength(2);
        const [first, second] = document.blocks as [EditorBlock, EditorBlock];
        expect(splitWords(blockText(first))).toHaveLength(word);
        expect(joinWords([blockText(first), blockText(second)])).toBe(text);
        apply(document, { type: 'merge', block: 0 });
        expect(document.blocks).toHaveLength(1);
        expect(blockText(document.blocks[0]!)).toBe(text);
        expectTimesInside(document.blocks[0]!, block.times![0]!, block.times!.at(-1)!);
        expect(document.blocks[0]!.times![0]).toBe(block.times![0]);
        expect(document.blocks[0]!.times!.at(-1)).toBe(block.times!.at(-1));
      }),
    );
  });

  it('find finds every occurrence as the row reads, and Replace all replaces each', () => {
    fc.assert(
      fc.property(row, fc.constantFrom('预算', '我们的', '会議の', 'ครับ', 'اجتماع', 'budget', 'の予算'), (block, find) => {
        const text = expectedText(block.words);
        const occurrences = text.split(find).length - 1;
        expect(findMatches([block], findPattern({ find, caseSensitive: true, wholeWord: false }))).toHaveLength(occurrences);
        const document = apply(documentOf(block), { type: 'replaceAll', find, caseSensitive: true, wholeWord: false, replace: '★' });
        expect(blockText(document.blocks[0]!)).toBe(joinWords(splitWords(text.split(find).join('★'))));
        expectTimesInside(document.blocks[0]!, block.times![0]!, block.times!.at(-1)!);
      }),
    );
  });

  it('re-times only a changed span: unchanged characters keep their time, every time ordered and inside the row', () => {
    fc.assert(
      fc.property(row, fc.array(token, { maxLength: 4 }), fc.nat(), (block, inserted, pick) => {
        const words = splitWords(blockText(block));
        const at = pick % (words.length + 1);
        const typed = joinWords([...words.slice(0, at), ...inserted, ...words.slice(at)]);
        const edited = retimeBlock(block, typed);
        expect(blockText(edited)).toBe(typed);
        expectTimesInside(edited, block.times![0]!, block.times!.at(-1)!);
        // The words before the insertion keep their times: the same as when nothing was typed.
        const unchanged = retimeBlock(block, blockText(block)).times!.slice(0, at * 2);
        expect(edited.times!.slice(0, at * 2)).toEqual(unchanged);
      }),
    );
  });
});

describe('the editor\'s words, by example', () => {
  const chinese: EditorBlock = { id: '1', speaker: null, words: ['我们', '的', '预算'], times: [0, 400, 400, 500, 600, 1000] };

  it('re-times one changed Chinese character, not the row', () => {
    const edited = retimeBlock(chinese, '我们的决算');
    expect(edited.words).toEqual(['我', '们', '的', '决', '算']);
    expect(edited.times).toEqual([0, 200, 200, 400, 400, 500, 600, 800, 800, 1000]);
  });

  it('splits a Chinese row between two characters of one token', () => {
    const document = apply(documentOf(chinese), { type: 'split', block: 0, word: 1 });
    expect(document.blocks.map(blockText)).toEqual(['我', '们的预算']);
    expect(document.blocks[1]!.times![0]).toBe(200);
  });

  it('finds whole words in Arabic with vowel signs and in Chinese', () => {
    const arabic: EditorBlock = { id: '1', speaker: null, words: ['كتبُ', 'كتب'], times: null };
    expect(findMatches([arabic], findPattern({ find: 'كتب', caseSensitive: false, wholeWord: true }))).toHaveLength(1);
    expect(findMatches([chinese], findPattern({ find: '预算', caseSensitive: false, wholeWord: true }))).toHaveLength(1);
  });
});
