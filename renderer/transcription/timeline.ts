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

const SENTENCE_END = /[.!?…。！？]["')\]]*$/;

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
 * The transcript as paragraphs to read, seek in and follow along: by segment where there are
 * any; `asWritten` (an unedited transcript, whose segments main made of its rows): the
 * service's text, cut into those segments.
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
  if (words.length) {
    // No segments: break the aligned text at sentence ends once a paragraph is long enough, at long
    // pauses, and where a marker falls (shown between paragraphs, so at its word, not a paragraph later).
    const breaks = (transcript.markers ?? []).map((marker) => marker.at).sort((a, b) => a - b);
    let nextBreak = 0;
    const tokens = alignTokens(text || words.map((w) => w.word).join(' '), words, 0, words.length);
    const paragraphs: Paragraph[] = [];
    let current: Token[] = [];
    let lastWord: number | null = null;
    const close = () => {
      const timed = current.filter((t) => t.word !== null);
      if (current.length) {
        paragraphs.push({
          start: timed.length ? words[timed[0]!.word!]!.start : null,
          end: timed.length ? words[timed.at(-1)!.word!]!.end : null,
          segment: null,
          tokens: current,
        });
      }
      current = [];
    };
    for (const token of tokens) {
      let marked = false;
      for (; token.word !== null && nextBreak < breaks.length && breaks[nextBreak]! < words[token.word]!.start; nextBreak++) marked = true;
      if (token.word !== null && lastWord !== null && current.length && (marked || words[token.word]!.start - words[lastWord]!.end > 2)) close();
      current.push(token);
      if (token.word !== null) lastWord = token.word;
      if (current.length >= 45 && SENTENCE_END.test(token.text)) close();
    }
    close();
    return paragraphs;
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
