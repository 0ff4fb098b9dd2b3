import type { KeyboardEvent } from 'react';
import { blockText } from '../../shared/domain/transcript-edits';
import { splitWords, wordAtOffset } from '../../shared/domain/words';
import { openPicker } from './PersonPicker';
import { lastCaret, playheadMs, seekBy, seekTo, togglePlay } from './player';
import { parked, reveal, scrollPage } from './row-focus';
import { chosenRows, clearSelection, selectTo } from './selection';
import { activate, edit, redo, undo, useEditor } from './store';

/**
 * The editor's keys, listed on screen by KeyHelp; the row's text keeps the focus throughout.
 * Each chord is as the keyboard names it, or a key of the words for one that needs them.
 */
export const KEYS = [
  ['Ctrl+Space', 'keys.play'],
  ['Alt+← / Alt+→', 'keys.seek'],
  ['Alt+↑ / Alt+↓', 'keys.rows'],
  ['PageUp / PageDown', 'keys.page'],
  ['Enter', 'keys.split'],
  [{ words: 'keys.backspaceDelete' }, 'keys.merge'],
  ['Alt+, / Alt+.', 'keys.nudgeStart'],
  ['Alt+Shift+, / Alt+Shift+.', 'keys.nudgeEnd'],
  ['Alt+[ / Alt+]', 'keys.playhead'],
  ['Ctrl+Z / Ctrl+Shift+Z', 'keys.undo'],
  ['Ctrl+F', 'keys.find'],
  ['Alt+Shift+↑ / Alt+Shift+↓', 'keys.selectRows'],
  ['Alt+1 … Alt+9', 'keys.assignSpeaker'],
  ['Alt+P', 'keys.pickPerson'],
] as const;

const NUDGE_MS = 100;

/** Splits the row at a caret in its text as typed (main gets that text first). */
export function splitAt(index: number, { text, offset } = lastCaret()) {
  const word = wordAtOffset(text, offset);
  if (word < 1 || word >= splitWords(text).length) return;
  void edit({ type: 'split', block: index, word }).then(() => activate(index + 1, 0));
}

export function mergeWithNext(index: number, words?: number) {
  const blocks = useEditor.getState().document?.blocks;
  if (!blocks || index + 1 >= blocks.length) return;
  const caret = words ?? splitWords(blockText(blocks[index]!)).length;
  void edit({ type: 'merge', block: index }).then(() => activate(index, caret));
}

export function goToRow(index: number) {
  const block = useEditor.getState().document?.blocks[index];
  if (!block) return;
  activate(index, 'end');
  if (block.times?.length) seekTo(block.times[0]!);
}

export const setEdgeFromPlayhead = (index: number, edge: 'start' | 'end') => {
  const ms = playheadMs();
  if (ms !== null) void edit({ type: 'setTime', block: index, edge, ms });
};

/** The rows become the transcript's `n`th speaker's (in the Speakers panel's order), as one step. */
export function assignSpeaker(rows: { from: number; to: number }, n: number) {
  const speaker = useEditor.getState().document?.speakers[n];
  if (!speaker) return;
  clearSelection();
  void edit({ type: 'speaker', block: rows.from, to: rows.to, speaker: { id: speaker.id } });
}

/** Keys shared by the whole screen (also where no row is being edited). */
export function screenKey(event: globalThis.KeyboardEvent | KeyboardEvent, openFind: () => void): boolean {
  const mod = event.ctrlKey || event.metaKey;
  // A translation's field keeps the browser's own undo: its edits are the translation's, not steps of the document's history.
  const inTranslation = event.target instanceof HTMLElement && event.target.classList.contains('translated-text');
  if (mod && event.code === 'Space') togglePlay();
  else if (inTranslation && mod && ['z', 'y'].includes(event.key.toLowerCase())) return false;
  else if (mod && !event.shiftKey && event.key.toLowerCase() === 'z') undo();
  else if (mod && ((event.shiftKey && event.key.toLowerCase() === 'z') || event.key.toLowerCase() === 'y')) redo();
  else if (mod && (event.key.toLowerCase() === 'f' || event.key.toLowerCase() === 'h')) openFind();
  else if (event.altKey && event.key === 'ArrowLeft') seekBy(-5);
  else if (event.altKey && event.key === 'ArrowRight') seekBy(5);
  else return false;
  event.preventDefault();
  return true;
}

/** Keys inside the active row's text. `flush` sends its typing first. */
export function rowKeys(event: KeyboardEvent<HTMLTextAreaElement>, index: number, flush: () => void) {
  const area = event.currentTarget;
  const collapsed = area.selectionStart === area.selectionEnd;
  const plain = !event.altKey && !event.ctrlKey && !event.metaKey;
  if (plain && (event.key === 'PageDown' || event.key === 'PageUp')) {
    // The list scrolls a page; the caret stays in its row, to come back to.
    event.preventDefault();
    scrollPage(event.key === 'PageDown' ? 1 : -1);
    return;
  }
  // Typing or moving the caret in a row scrolled out of view brings it back first.
  if (plain && parked() && !['Shift', 'Control', 'Alt', 'Meta'].includes(event.key)) reveal();
  if (event.key === 'Enter' && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey) {
    event.preventDefault();
    flush();
    splitAt(index, { text: area.value, offset: area.selectionStart });
  } else if (event.key === 'Backspace' && collapsed && area.selectionStart === 0 && index > 0) {
    event.preventDefault();
    flush();
    mergeWithNext(index - 1);
  } else if (event.key === 'Delete' && collapsed && area.selectionStart === area.value.length) {
    event.preventDefault();
    flush();
    mergeWithNext(index, splitWords(area.value).length);
  } else if (event.altKey && event.shiftKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
    // Rows chosen for one speaker: Alt+1–9 and Alt+P then give them all theirs.
    event.preventDefault();
    const next = index + (event.key === 'ArrowUp' ? -1 : 1);
    if (next < 0 || next >= (useEditor.getState().document?.blocks.length ?? 0)) return;
    flush();
    selectTo(index, next);
    goToRow(next);
  } else if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
    event.preventDefault();
    clearSelection();
    goToRow(index + (event.key === 'ArrowUp' ? -1 : 1));
  } else if (event.altKey && (event.code === 'Comma' || event.code === 'Period')) {
    event.preventDefault();
    void edit({ type: 'nudge', block: index, edge: event.shiftKey ? 'end' : 'start', ms: event.code === 'Comma' ? -NUDGE_MS : NUDGE_MS });
  } else if (event.altKey && (event.code === 'BracketLeft' || event.code === 'BracketRight')) {
    event.preventDefault();
    setEdgeFromPlayhead(index, event.code === 'BracketLeft' ? 'start' : 'end');
  } else if (event.altKey && !event.ctrlKey && !event.metaKey && /^Digit[1-9]$/.test(event.code)) {
    // By the key's place, not its character: Alt and a digit types other characters on some layouts.
    event.preventDefault();
    flush();
    assignSpeaker(chosenRows(index), Number(event.code.slice(5)) - 1);
  } else if (event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyP') {
    event.preventDefault();
    flush();
    const { from, to } = chosenRows(index);
    openPicker(from, to);
  }
}
