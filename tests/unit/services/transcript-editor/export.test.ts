import { describe, expect, it } from 'vitest';
import type { EditorDocument } from '../../../../shared/contract/transcriptEditor';
import { subtitleRulesSchema } from '../../../../shared/domain/transcript';
import { retimeBlock } from '../../../../electron/core/services/transcript-editor/retime';
import { editedSubtitles } from '../../../../electron/core/services/transcript-export/subtitles';
import { seededRandom } from '../../../bench/text';

const rules = subtitleRulesSchema.parse({});
const options = { rules, speakerPrefix: true, timestamps: false };

describe('re-timing an edited row', () => {
  const block = { id: '1', speaker: null, words: ['one', 'two', 'three', 'four'], times: [0, 400, 500, 900, 1000, 1400, 2000, 2400] };

  it('keeps unchanged words, shares a replaced word\'s time among its replacements', () => {
    expect(retimeBlock(block, 'one 2 3 three four').times).toEqual([0, 400, 500, 700, 700, 900, 1000, 1400, 2000, 2400]);
  });

  it('puts inserted words in the silence between neighbours, drops deleted words with their times', () => {
    expect(retimeBlock(block, 'one two three and four').times).toEqual([0, 400, 500, 900, 1000, 1400, 1400, 2000, 2000, 2400]);
    expect(retimeBlock(block, 'one four').times).toEqual([0, 400, 2000, 2400]);
    expect(retimeBlock(block, 'zero one two three four').times!.slice(0, 4)).toEqual([0, 0, 0, 400]);
  });

  it('leaves rows without timings without timings', () => {
    expect(retimeBlock({ id: '1', speaker: null, words: ['a'], times: null }, 'a b')).toEqual({ id: '1', speaker: null, words: ['a', 'b'], times: null });
  });
});

describe('subtitles from edited rows: properties over random rows', () => {
  const random = seededRandom(15);
  const parse = (vtt: string) =>
    vtt
      .split('\n\n')
      .slice(1)
      .filter(Boolean)
      .map((cue) => {
        const [timing, ...lines] = cue.split('\n');
        const [start, end] = timing!.split(' --> ').map((time) => {
          const [h, m, s] = time.split(':');
          return Number(h) * 3600 + Number(m) * 60 + Number(s);
        });
        return { start: start!, end: end!, text: lines.join(' ').replace(/^<v [^>]*>/, '') };
      });

  it('keep every word in the order shown, and valid, non-overlapping times, for 200 seeded cases with overlapping and backward timings', () => {
    const problems: string[] = [];
    for (let run = 0; run < 200; run++) {
      const document: EditorDocument = { blocks: [], speakers: [{ id: 'a', name: 'Ann' }] };
      let time = random() * 1000;
      let n = 0;
      for (let b = 0; b < 1 + Math.floor(random() * 30); b++) {
        const words: string[] = [];
        const times: number[] = [];
        for (let w = 0; w < 1 + Math.floor(random() * 12); w++) {
          words.push(`w${n++}`);
          const start = Math.max(0, Math.round(time + (random() < 0.15 ? -random() * 2000 : 0)));
          times.push(start, Math.round(start + (random() < 0.1 ? -300 : random() * 600)));
          time += random() * 500;
        }
        document.blocks.push({ id: String(document.blocks.length + 1), speaker: random() < 0.2 ? 'a' : null, words, times });
      }
      const cues = parse(editedSubtitles(document, 'vtt', options, null));
      const shown = cues.map((cue) => cue.text).join(' ').split(/\s+/).filter(Boolean);
      const expected = document.blocks.flatMap((block) => block.words);
      if (shown.join(' ') !== expected.join(' ')) problems.push(`case ${run}: words reordered or lost`);
      cues.forEach((cue, k) => {
        if (!(cue.end > cue.start && cue.start >= 0)) problems.push(`case ${run}: cue ${k} has no positive span`);
        if (k > 0 && cue.start < cues[k - 1]!.end) problems.push(`case ${run}: cue ${k} overlaps the one before`);
      });
    }
    expect(problems).toEqual([]);
  });
});
