import { create } from 'zustand';
import type { FindOptions } from '../../shared/contract/transcriptEditor';
import { blockText, findMatches, findPattern, type Match } from '../../shared/domain/transcript-edits';
import { replaceInTranslatedRow } from '../translation';
import { edit, useEditor } from './store';

interface FindView {
  open: boolean;
  options: FindOptions;
  replace: string;
  /** Index into the matches of the current one. */
  current: number;
}

export const useFind = create<FindView>(() => ({ open: false, options: { find: '', caseSensitive: false, wholeWord: false }, replace: '', current: 0 }));

/** The search's expression, one object per distinct search (rows compare it by identity). */
let cached: { key: string; pattern: RegExp | null } = { key: '', pattern: null };
export function usePattern(): RegExp | null {
  const { open, options } = useFind();
  const key = open ? JSON.stringify(options) : '';
  if (key !== cached.key) cached = { key, pattern: open ? findPattern(options) : null };
  return cached.pattern;
}

export function matchesIn(pattern: RegExp | null): Match[] {
  const document = useEditor.getState().document;
  return document ? findMatches(document.blocks, pattern) : [];
}

export function step(by: 1 | -1, count: number) {
  if (!count) return;
  useFind.setState((view) => ({ current: (view.current + by + count) % count }));
}

/** Replaces the current match only: one text edit of its row, or of its translation (`rowId`: a match main found there). */
export function replaceCurrent(match: (Match & { rowId?: string }) | undefined) {
  const document = useEditor.getState().document;
  if (!match || !document) return;
  const { replace } = useFind.getState();
  if (match.rowId) return void replaceInTranslatedRow(match.rowId, match.index, match.length, replace);
  const text = blockText(document.blocks[match.block]!);
  void edit({ type: 'text', block: match.block, text: text.slice(0, match.index) + replace + text.slice(match.index + match.length) });
}

/** Every match of the original at once, in main, as one step (a translation's are replaced one at a time: they are not the document's steps). */
export function replaceAll() {
  const { options, replace } = useFind.getState();
  if (options.find) void edit({ type: 'replaceAll', ...options, replace });
}
