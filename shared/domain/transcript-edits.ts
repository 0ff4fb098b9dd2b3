import type { EditorBlock, EditorDocument, EditorPatch, FindOptions } from '../contract/transcriptEditor';
import { NO_SPACE_CLASS, joinWords } from './words';

/**
 * Pure document operations both sides need: main applies a patch to the stored document,
 * the page to its copy (the same code, so they cannot drift), and find matches the same
 * text main's Replace all replaces.
 */

/** Applies a patch in place; returns the document for chaining. */
export function applyPatch(document: EditorDocument, patch: EditorPatch): EditorDocument {
  for (const range of patch.ranges) document.blocks.splice(range.at, range.remove, ...range.insert);
  if (patch.speakers) document.speakers = patch.speakers;
  return document;
}

/**
 * Where row `row` is after a patch, and whether the patch replaced it. A row replaced one for
 * one (its text, times or speaker changed) keeps its place; one split or merged has none
 * (null). Main merges an edit made on an older version with this; the page follows the row
 * being typed in.
 */
export function rowAfter(patch: EditorPatch, row: number): { row: number | null; touched: boolean } {
  let now: number | null = row;
  let touched = false;
  for (const range of patch.ranges) {
    if (now === null || now < range.at) continue;
    if (now >= range.at + range.remove) now += range.insert.length - range.remove;
    else {
      touched = true;
      if (range.insert.length !== range.remove) now = null;
    }
  }
  return { row: now, touched };
}

/** A block's text as the editor shows it: its words joined as in every script (`joinWords`). */
export const blockText = (block: EditorBlock) => joinWords(block.words);

/** The whole document's text, a row a line: what history search indexes of an edited transcript. */
export const searchableText = (document: EditorDocument) => document.blocks.map(blockText).join('\n');

/**
 * A character that continues a word, for whole-word search: letters, digits and marks (an
 * Arabic vowel sign belongs to its letter), except Chinese and Japanese, where every
 * character may begin or end a word.
 */
const WORD_CHAR = String.raw`(?![${NO_SPACE_CLASS}])[\p{L}\p{N}\p{M}_]`;

/** The expression for a search, or null when there is nothing to search for. */
export function findPattern(options: FindOptions): RegExp | null {
  if (!options.find) return null;
  const escaped = options.find.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const source = options.wholeWord ? `(?<!${WORD_CHAR})${escaped}(?!${WORD_CHAR})` : escaped;
  return new RegExp(source, options.caseSensitive ? 'gu' : 'giu');
}

export type Match = { block: number; index: number; length: number };

/** Every match in the document, in reading order (a match never spans two blocks). */
export function findMatches(blocks: readonly EditorBlock[], pattern: RegExp | null): Match[] {
  if (!pattern) return [];
  const matches: Match[] = [];
  blocks.forEach((block, b) => {
    for (const found of blockText(block).matchAll(pattern)) {
      if (found[0].length) matches.push({ block: b, index: found.index, length: found[0].length });
    }
  });
  return matches;
}

/**
 * Each block's effective speaker id: a block without a mark continues the speaker of the
 * blocks before it (a document starts with no speaker).
 */
export function effectiveSpeakers(blocks: readonly EditorBlock[]): Array<string | null> {
  let current: string | null = null;
  return blocks.map((block) => (current = block.speaker ?? current));
}
