import { describe, expect, it } from 'vitest';
import { type Segment, type SubtitleRules, type Word, subtitleRulesSchema } from '../../../../shared/domain/transcript';
import { cuesFromSegments, cuesFromWords, formatSrt, formatVtt } from '../../../../electron/core/services/subtitles';
import { seededRandom } from '../../../bench/text';
import { graphemes, round, rules } from '../../../support/subtitles';

describe('properties over random word lists', () => {
  const random = seededRandom(20240607);
  const pick = <T,>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const vocabulary = ['a', 'I', 'the', 'river', 'committee', 'extraordinarily', 'naïve', 'café', '👍🏽', 'e\u0301te\u0301', 'x'.repeat(50), 'ok', 'because', '你好', '。'];

  function randomCase(): { words: Word[]; rules: SubtitleRules; duration: number | null } {
    const count = Math.floor(random() ** 2 * 400);
    const words: Word[] = [];
    let time = random() * 2 - 0.5;
    for (let i = 0; i < count; i++) {
      const length = pick([0, 0, 0, 0.1, 0.3, 0.5, 1.2, 3]) * random();
      const word = pick(['', ' ', '  ']) + pick(vocabulary) + pick(['', '', '', '', ',', '.', '?', ' ']);
      words.push({ word: random() < 0.02 ? ' ' : word, start: round(time), end: round(time + length) });
      time += pick([0, 0.05, 0.1, 0.2, 0.6, 2, 9]) * random() + (random() < 0.05 ? -1 : 0);
    }
    if (random() < 0.2) {
      for (let i = words.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [words[i], words[j]] = [words[j]!, words[i]!];
      }
    }
    const end = Math.max(0, ...words.map((word) => word.end));
    const duration = pick([null, end + random() * 5, end * (0.8 + random() * 0.2) + 1, end]);
    const custom = subtitleRulesSchema.parse({
      maxCharsPerLine: pick([10, 20, 42, 60]),
      maxLinesPerCue: pick([1, 2, 3]),
      maxCueSeconds: pick([2, 7, 15]),
      minCueSeconds: pick([0, 1, 2]),
      maxCharsPerSecond: pick([5, 17, 30]),
    });
    return { words, rules: random() < 0.5 ? rules : custom, duration };
  }

  // Problems are collected rather than asserted one by one: a few hundred thousand expect()
  // calls would take seconds, and one list names every failing case at once.
  it('holds for 300 seeded cases', () => {
    const problems: string[] = [];
    for (let run = 0; run < 300; run++) {
      const { words, rules: caseRules, duration } = randomCase();
      const check = (ok: boolean, what: () => string) => {
        if (!ok) problems.push(`case ${run}: ${what()}`);
      };
      const durationMs = duration !== null && duration > 0 ? Math.floor(duration * 1000 + 1e-6) : null;

      const cues = cuesFromWords(words, caseRules, duration);
      for (const [k, cue] of cues.entries()) {
        const where = () => `cue ${k} ${JSON.stringify(cue)}`;
        check(cue.start >= 0 && cue.end > cue.start, () => `${where()} has no positive span`);
        check(duration === null || cue.end <= duration, () => `${where()} ends after ${duration}`);
        check(k === 0 || cue.start >= cues[k - 1]!.end, () => `${where()} overlaps the previous cue`);
        check([cue.start, cue.end].every((time) => Math.abs(time * 1000 - Math.round(time * 1000)) < 1e-6), () => `${where()} is not in whole ms`);
        check(cue.lines.length >= 1 && cue.lines.length <= caseRules.maxLinesPerCue, () => `${where()} has a wrong line count`);
        for (const line of cue.lines) {
          check(line === line.trim() && line !== '' && !line.includes('\n'), () => `${where()} has a blank or untrimmed line`);
          check(graphemes(line) <= caseRules.maxCharsPerLine || !line.includes(' '), () => `${where()} has a line too long`);
        }
        const shown = cue.end - cue.start;
        const oneUnit = cue.lines.length === 1 && !cue.lines[0]!.includes(' ');
        check(oneUnit || shown <= caseRules.maxCueSeconds + 1e-9, () => `${where()} is up too long`);
        // Too short or too fast only when the next cue or the end of the audio leaves no more
        // room, or the cue is already up for the maximum duration (or longer: one long word).
        const tooFast = graphemes(cue.lines.join(' ')) / shown > caseRules.maxCharsPerSecond + 1e-9;
        if (shown < caseRules.minCueSeconds - 1e-9 || tooFast) {
          const limits = [cues[k + 1]?.start, durationMs === null ? undefined : durationMs / 1000];
          const held = shown > caseRules.maxCueSeconds - 0.0015 || limits.some((limit) => limit !== undefined && Math.abs(cue.end - limit) < 0.0015);
          check(held, () => `${where()} is too short or too fast with room to spare`);
        }
      }

      // Every word's text, once, in the order the service gave them (never sorted by time).
      const expected = words
        .map((word) => word.word.replace(/\s+/g, ''))
        .filter(Boolean)
        .join('');
      check(cues.flatMap((cue) => cue.lines).join('').replace(/\s+/g, '') === expected, () => 'words lost, repeated or reordered');

      // The same words in segments of 1 to 30: the same guarantees, and the text kept whole.
      const sorted = [...words].sort((a, b) => a.start - b.start);
      const segments: Segment[] = [];
      for (let from = 0, to = 0; from < sorted.length; from = to) {
        to = from + 1 + Math.floor(random() * 30);
        const part = sorted.slice(from, to);
        segments.push({ id: segments.length, start: part[0]!.start, end: Math.max(...part.map((word) => word.end)), text: part.map((word) => word.word).join('') });
      }
      const segmentCues = cuesFromSegments(segments, caseRules, duration);
      for (const [k, cue] of segmentCues.entries()) {
        const where = () => `segment cue ${k} ${JSON.stringify(cue)}`;
        check(cue.start >= (k > 0 ? segmentCues[k - 1]!.end : 0) && cue.end > cue.start, () => `${where()} overlaps or has no span`);
        check(duration === null || cue.end <= duration, () => `${where()} ends after ${duration}`);
        check(cue.lines.length <= caseRules.maxLinesPerCue, () => `${where()} has too many lines`);
      }
      const segmentText = segments.map((segment) => segment.text.replace(/\s+/g, '')).join('');
      check(segmentCues.flatMap((cue) => cue.lines).join('').replace(/\s+/g, '') === segmentText, () => 'segment text lost or reordered');

      check((formatSrt(cues).match(/^\d+\n\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}$/gm)?.length ?? 0) === cues.length, () => 'SRT cue count');
      check(formatVtt(cues).split('-->').length - 1 === cues.length, () => 'VTT cue count');
    }
    expect(problems).toEqual([]);
  }, 30_000); // 300 cases take seconds on a loaded two-core machine
});
