import type { CueFlag } from '../../../../shared/contract/translation';
import { splitWords } from '../../../../shared/domain/words';
import type { Cue } from './cues';
import { formatSrt, formatVtt, prefixSpeakers } from './format';
import { balancedLines, lineCount } from './lines';
import { columns, targetRules, type TargetRules } from './target-rules';
import { RLM, RTL_START, collapseSpace, displayLength, separator } from './text';
import { type Unit, unitsFromTokens } from './units';

/**
 * Subtitles from a translation (docs/architecture/translation.md): each translated row is cut
 * into cues by the target language's rules, inside its own times, which never went through
 * the model. A row becomes as few cues as its text needs, the row's time shared among them in
 * proportion to their text; a cue the rules cannot hold is flagged, never cut or dropped.
 */

/** A row as main hands it over: the translation's text and the original's, at the original row's times. */
export interface TranslatedCueRow { id: string; startMs: number; endMs: number; text: string; original: string; speaker: string | null }

/**
 * Text a model sends back is capped per row at the longest text a user may type into one
 * (the contract's editRow): a model that loops cannot make one row a wall of subtitles.
 */
export const MAX_ROW_CHARS = 4000;

export function translatedCues(rows: readonly TranslatedCueRow[], language: string, options: { bilingual: boolean }): { cues: Cue[]; flags: CueFlag[] } {
  const rules = targetRules(language);
  const cues: Cue[] = [];
  const flags: CueFlag[] = [];
  for (const row of rows) {
    const translation = unitsOf(row.text, rules.wide);
    // The original's script is not known: its ambiguous characters are measured as the target's.
    const original = options.bilingual ? unitsOf(row.original, rules.wide) : [];
    const count = Math.max(fewestCues(translation, rules), fewestCues(original, rules));
    const parts = cutInto(translation, count, rules);
    const originals = cutInto(original, count, rules);
    // Either text may have fewer words than the other needs cues: those cues show the other alone.
    const shown = Array.from({ length: Math.max(parts.length, originals.length) }, (_, k) => ({
      lines: [...(originals[k]?.lines ?? []), ...(parts[k]?.lines ?? []).map((line) => (rules.rtl && !RTL_START.test(line) ? RLM + line : line))],
      measured: [...(originals[k]?.lines ?? []), ...(parts[k]?.lines ?? [])],
      chars: parts[k]?.chars ?? originals[k]!.chars,
    }));
    const reasons = new Set<CueFlag['reason']>();
    const times = shareTime(row, shown.map((cue) => cue.chars));
    shown.forEach(({ lines, measured, chars }, k) => {
      const [start, end] = times[k]!;
      if (measured.some((line) => columns(line, rules.wide) > rules.columnsPerLine)) reasons.add('line_too_long');
      if (chars * 1000 > rules.charsPerSecond * (end - start)) reasons.add('too_fast');
      cues.push({ start: start / 1000, end: end / 1000, lines, ...(row.speaker ? { voice: row.speaker } : {}) });
    });
    for (const reason of reasons) flags.push({ rowId: row.id, reason });
  }
  return { cues, flags };
}

/**
 * SRT or WebVTT of translated cues, escaped as the existing exports escape (format.ts: `&`, `<`,
 * `>` in WebVTT; `-->` in SubRip; no blank line inside a cue); the speaker as a WebVTT voice
 * span, or "Name: " in SubRip where a speaker starts. SubRip has no escapes, yet players read
 * HTML-like tags (`<b>`, `<font color=…>`) and ASS overrides (`{\an8}`) in it; speech never
 * holds them but a model's text may, so a WORD JOINER (invisible, zero-width) goes after the `<`
 * or `{` that would open one: the text shows as written and no player reads it as markup.
 */
export function formatTranslatedCues(cues: readonly Cue[], format: 'srt' | 'vtt'): string {
  if (format === 'vtt') return formatVtt(cues);
  return formatSrt(prefixSpeakers(cues.map((cue) => ({ ...cue, lines: cue.lines.map((line) => line.replace(SRT_MARKUP, `$&${WORD_JOINER}`)) }))));
}

const WORD_JOINER = '\u2060';
const SRT_MARKUP = /<(?=\/?[a-z])|\{(?=\\)/gi;

/** A row's text as display units (words; a character each in Chinese and Japanese), measured in columns. */
function unitsOf(text: string, wide: boolean): Unit[] {
  let words = splitWords(collapseSpace(text));
  if (text.length > MAX_ROW_CHARS) words = capped(words);
  const tokens = words.map((word, i): Unit => {
    const spaceBefore = i > 0 && separator(words[i - 1]!, word) === ' ';
    return { text: word, start: 0, end: 0, spaceBefore, breakAfter: false, length: 0, ends: null };
  });
  const units = unitsFromTokens(tokens);
  for (const unit of units) unit.length = columns(unit.text, wide);
  return units;
}

/** The words that fit in MAX_ROW_CHARS with an ellipsis after them, cut between words. */
function capped(words: string[]): string[] {
  let length = words[0]?.length ?? 0;
  let kept = 1;
  for (; kept < words.length; kept++) {
    length += separator(words[kept - 1]!, words[kept]!).length + words[kept]!.length;
    if (length >= MAX_ROW_CHARS) break;
  }
  return [...words.slice(0, kept), '…'];
}

type Part = { lines: string[]; chars: number };

/** Whether units[from..to) fit the cue's lines (a single unit always does: it is flagged, not cut). */
const fits = (units: readonly Unit[], from: number, to: number, rules: TargetRules) =>
  to - from === 1 || lineCount(units, from, to, rules.columnsPerLine) <= rules.linesPerCue;

/** The fewest cues the units fit in: greedy filling is optimal for the count. */
function fewestCues(units: readonly Unit[], rules: TargetRules): number {
  let count = 0;
  for (let from = 0; from < units.length; count++) {
    let to = from + 1;
    while (to < units.length && fits(units, from, to + 1, rules)) to++;
    from = to;
  }
  return count;
}

/**
 * Where a cut between cues costs: nothing after a sentence, a little after a clause, most
 * inside a phrase; with the square of how full each cue is, so that among equal places the
 * cues come out even rather than a full one and a stub.
 */
const CUT = { sentence: 0, clause: 0.5, word: 2 };

/**
 * For c cues over units[0..j): hi[c], the furthest end c cues reach (greedy filling reaches
 * furthest), and lo[c], the nearest end from which the other cues can still hold the rest
 * (greedy from the end). Both rely on what `fits` already does: a part of units that fit fits.
 */
function band(units: readonly Unit[], cues: number, rules: TargetRules): { lo: Int32Array; hi: Int32Array } {
  const n = units.length;
  const hi = new Int32Array(cues + 1);
  const lo = new Int32Array(cues + 1);
  for (let c = 1; c <= cues; c++) {
    let to = Math.min(n, hi[c - 1]! + 1);
    while (to < n && fits(units, hi[c - 1]!, to + 1, rules)) to++;
    hi[c] = to;
  }
  lo[cues] = n;
  for (let c = cues - 1; c >= 0; c--) {
    let start = Math.max(0, lo[c + 1]! - 1);
    while (start > 0 && fits(units, start - 1, lo[c + 1]!, rules)) start--;
    lo[c] = start;
  }
  return { lo, hi };
}

/**
 * Exactly `count` cues (fewer only when there are fewer units), by dynamic programming over
 * the places to cut: best[c][j] is the least cost of units[0..j) in c cues.
 */
function cutInto(units: readonly Unit[], count: number, rules: TargetRules): Part[] {
  const n = units.length;
  const cues = Math.min(count, n);
  if (cues === 0) return [];
  const capacity = rules.columnsPerLine * rules.linesPerCue;
  const width = n + 1;
  const best = new Float64Array((cues + 1) * width).fill(Infinity);
  const from = new Int32Array((cues + 1) * width);
  best[0] = 0;
  // Only ends c cues can reach (hi, greedy from the start) and the rest can still fill (lo,
  // greedy from the end) are worth a look: a 4,000-character Japanese row (~150 cues) took
  // ~600 ms over every end, a few ms over this band (the same cuts: outside it nothing is finite).
  const { lo, hi } = band(units, cues, rules);
  for (let c = 1; c <= cues; c++) {
    for (let j = Math.max(c, lo[c]!); j <= Math.min(hi[c]!, n - (cues - c)); j++) {
      const last = units[j - 1]!;
      const cut = j === n ? 0 : last.ends === 'sentence' ? CUT.sentence : last.ends === 'clause' ? CUT.clause : CUT.word;
      let chars = 0;
      for (let i = j - 1; i >= Math.max(c - 1, lo[c - 1]!); i--) {
        chars += units[i]!.length + (i < j - 1 && units[i + 1]!.spaceBefore ? 1 : 0);
        if (i < j - 1 && !fits(units, i, j, rules)) break;
        const total = best[(c - 1) * width + i]! + cut + (chars / capacity) ** 2;
        if (total < best[c * width + j]!) {
          best[c * width + j] = total;
          from[c * width + j] = i;
        }
      }
    }
  }
  const parts: Part[] = [];
  for (let c = cues, j = n; c > 0; c--) {
    const i = from[c * width + j]!;
    const lines = balancedLines(units, i, j, rules.columnsPerLine);
    parts.push({ lines, chars: lines.reduce((sum, line) => sum + displayLength(line), 0) });
    j = i;
  }
  return parts.reverse();
}

/**
 * The row's [start, end] in whole ms shared among its cues in proportion to their characters:
 * the first starts at the row's start and the last ends at its end, exactly.
 */
function shareTime(row: TranslatedCueRow, chars: readonly number[]): Array<[number, number]> {
  const start = Math.round(row.startMs);
  const span = Math.max(0, Math.round(row.endMs) - start);
  const total = chars.reduce((sum, count) => sum + count, 0) || 1;
  let done = 0;
  return chars.map((count) => {
    const from = start + Math.round((span * done) / total);
    done += count;
    return [from, start + Math.round((span * done) / total)];
  });
}
