import { type PlacedMarker, placeMarkers } from '../../shared/domain/markers';
import type { Marker, Transcript, Word } from '../../shared/domain/transcript';

/** Index of the last item starting at or before `time`, or -1: a binary search over sorted starts. */
export function lastStartedAt(items: readonly { start: number }[], time: number): number {
  let low = 0;
  let high = items.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (items[middle]!.start <= time) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/** How long after a word ends it still counts as the current one (short pauses between words). */
const LINGER_SECONDS = 0.5;

/** The word being spoken at `time`, or -1 before the first word and in longer pauses. */
export function currentWordAt(words: readonly Word[], time: number): number {
  const index = lastStartedAt(words, time);
  if (index < 0) return -1;
  // A later word that has started is found by the search itself, so lingering never overlaps it.
  return time < words[index]!.end + LINGER_SECONDS ? index : -1;
}

/** One piece of shown text; `word` is the index of the timed word it stands for, if any. */
export interface Token {
  text: string;
  word: number | null;
}

export interface Paragraph {
  /** Seconds, when the paragraph has a time to seek to. */
  start: number | null;
  end: number | null;
  /** Index into transcript.segments, when the paragraph is a segment. */
  segment: number | null;
  tokens: Token[];
}

const normalise = (text: string) => text.toLowerCase().normalize('NFKC').replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The text as written (casing, punctuation) with each token tied to its timed word where they
 * agree; the service's words carry no punctuation, the text does. When too few tokens line up
 * (a language written without spaces, a text that differs), the words themselves are shown.
 */
export function alignTokens(text: string, words: readonly Word[], from: number, to: number): Token[] {
  const parts = text.split(/\s+/).filter(Boolean);
  const tokens: Token[] = [];
  let next = from;
  let matched = 0;
  for (const part of parts) {
    const key = normalise(part);
    let found = -1;
    for (let k = next; key && k < Math.min(to, next + 4); k++) {
      if (normalise(words[k]!.word) === key) {
        found = k;
        break;
      }
    }
    if (found >= 0) {
      matched++;
      next = found + 1;
    }
    tokens.push({ text: part, word: found >= 0 ? found : null });
  }
  const count = to - from;
  if (count > 0 && matched < count * 0.6) {
    return words.slice(from, to).map((word, i) => ({ text: word.word.trim(), word: from + i }));
  }
  return tokens;
}

/** Words whose start lies in each segment's span (a segment runs until the next one starts). */
function wordsBySegment(transcript: Transcript): Array<[number, number]> {
  const { words, segments } = transcript;
  const ranges: Array<[number, number]> = [];
  let w = 0;
  segments.forEach((_segment, i) => {
    const from = w;
    const nextStart = segments[i + 1]?.start ?? Infinity;
    while (w < words.length && words[w]!.start < nextStart) w++;
    ranges.push([from, w]);
  });
  return ranges;
}

/**
 * The service's text as written, aligned to its words, cut where main's paragraphs (the
 * reading's segments, made of whole rows) start: main groups, the page keeps the punctuation
 * the service's words lack.
 */
function cutAtSegments(transcript: Transcript): Paragraph[] {
  const { words, segments, text } = transcript;
  const paragraphs: Paragraph[] = segments.map((segment, i) => ({ start: segment.start, end: segment.end, segment: i, tokens: [] }));
  let p = 0;
  for (const token of alignTokens(text || words.map((w) => w.word).join(' '), words, 0, words.length)) {
    // Main's times are whole milliseconds: a word a fraction earlier still starts the paragraph.
    if (token.word !== null) while (p + 1 < segments.length && words[token.word]!.start >= segments[p + 1]!.start - 0.001) p++;
    paragraphs[p]!.tokens.push(token);
  }
  return paragraphs.filter((paragraph) => paragraph.tokens.length);
}

/**
 * The transcript as paragraphs to read, seek in and follow along: main's paragraphs (the
 * reading's segments, made of its rows as the exports group them; the page makes none of its
 * own); `asWritten` (unedited, or the service's original): the service's text, cut into those
 * segments. A reading without timings is the service's text, by its blank lines.
 */
export function paragraphsOf(transcript: Transcript, asWritten = false): Paragraph[] {
  const { words, segments, text } = transcript;
  if (asWritten && words.length && segments.length) return cutAtSegments(transcript);
  if (segments.length) {
    const ranges = words.length ? wordsBySegment(transcript) : null;
    return segments.map((segment, i) => {
      const [from, to] = ranges?.[i] ?? [0, 0];
      const tokens = to > from ? alignTokens(segment.text, words, from, to) : segment.text.split(/\s+/).filter(Boolean).map((part) => ({ text: part, word: null }));
      return { start: segment.start, end: segment.end, segment: i, tokens };
    });
  }
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => ({ start: null, end: null, segment: null, tokens: [{ text: block, word: null }] }));
}

/** One entry of the transcript's list: a paragraph (`index` into the paragraphs), or a marker shown between them. */
export type ListItem = { paragraph: Paragraph; index: number } | { marker: PlacedMarker };

/** The paragraphs with the markers between them, and where each paragraph is among the entries (to scroll to it). */
export function withMarkers(paragraphs: readonly Paragraph[], markers: readonly Marker[]): { items: ListItem[]; itemOf: Int32Array } {
  const placed = placeMarkers(
    paragraphs.map((paragraph) => paragraph.start),
    markers,
  );
  const items: ListItem[] = [];
  const itemOf = new Int32Array(paragraphs.length);
  let next = 0;
  paragraphs.forEach((paragraph, index) => {
    while (next < placed.length && placed[next]!.before === index) items.push({ marker: placed[next++]! });
    itemOf[index] = items.length;
    items.push({ paragraph, index });
  });
  for (; next < placed.length; next++) items.push({ marker: placed[next]! });
  return { items, itemOf };
}
