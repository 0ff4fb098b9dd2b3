import type { Unit } from './units';

/**
 * Line breaking inside one cue, units[from..to). A unit longer than a whole line stands
 * alone on its own line, unsplit: cutting a word (or a URL, or a number) mid-way misleads
 * the reader more than a line that runs long, and players wrap such a line themselves.
 */

/** Fewest lines the units fit in (greedy filling is optimal for that count). */
export function lineCount(units: readonly Unit[], from: number, to: number, maxChars: number): number {
  let lines = 1;
  let length = units[from]!.length;
  for (let i = from + 1; i < to; i++) {
    const unit = units[i]!;
    const extended = length + (unit.spaceBefore ? 1 : 0) + unit.length;
    if (extended <= maxChars) length = extended;
    else {
      lines++;
      length = unit.length;
    }
  }
  return lines;
}

// Scratch space for balancedLines, grown as needed: it runs once per cue.
let offset = new Float64Array(64);
let cost = new Float64Array(256);
let begins = new Int32Array(256);

/**
 * The fewest lines, and among those the most even ones (least sum of squared lengths):
 * viewers read a balanced two-line subtitle faster than a full line over a stub, which is
 * what greedy filling produces. A line that does not end at punctuation costs as much as
 * two lines differing in length by about half a line, so "Yes, of course. / We can do
 * that for you later today" wins over a more even break that splits a phrase.
 */
export function balancedLines(units: readonly Unit[], from: number, to: number, maxChars: number): string[] {
  const n = to - from;
  const lines = lineCount(units, from, to, maxChars);
  if (lines === 1) return [lineText(units, from, to)];
  const midPhrase = (maxChars / 3) ** 2;
  const width = n + 1;
  if (offset.length < width) offset = new Float64Array(width * 2);
  if (cost.length < (lines + 1) * width) {
    cost = new Float64Array((lines + 1) * width * 2);
    begins = new Int32Array(cost.length);
  }
  // offset[i]: length of the cue's first i units on one line.
  offset[0] = 0;
  for (let i = 0; i < n; i++) offset[i + 1] = offset[i]! + (i > 0 && units[from + i]!.spaceBefore ? 1 : 0) + units[from + i]!.length;

  // cost[k * width + j]: least cost of the first j units on k lines; begins: where line k starts.
  cost.fill(Infinity, 0, (lines + 1) * width);
  cost[0] = 0;
  for (let k = 1; k <= lines; k++) {
    for (let j = k; j <= n; j++) {
      const phrase = j < n && !units[from + j - 1]!.ends ? midPhrase : 0;
      for (let b = j - 1; b >= k - 1; b--) {
        const length = offset[j]! - offset[b]! - (b > 0 && units[from + b]!.spaceBefore ? 1 : 0);
        if (length > maxChars && b < j - 1) break;
        const total = cost[(k - 1) * width + b]! + length * length + phrase;
        if (total < cost[k * width + j]!) {
          cost[k * width + j] = total;
          begins[k * width + j] = b;
        }
      }
    }
  }

  const text = new Array<string>(lines);
  for (let k = lines, j = n; k > 0; k--) {
    const b = begins[k * width + j]!;
    text[k - 1] = lineText(units, from + b, from + j);
    j = b;
  }
  return text;
}

function lineText(units: readonly Unit[], from: number, to: number): string {
  let text = units[from]!.text;
  for (let i = from + 1; i < to; i++) text += (units[i]!.spaceBefore ? ' ' : '') + units[i]!.text;
  return text;
}
