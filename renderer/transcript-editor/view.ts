import { create } from 'zustand';
import type { DiskRefusal } from '../../shared/contract/storage';
import type { EditorDocument, EditorState, EditRefusal } from '../../shared/contract/transcriptEditor';
import type { Marker } from '../../shared/domain/transcript';

export interface EditorView {
  id: string | null;
  fileName: string;
  /** Markers dropped while it was recorded: main keeps them with the transcript, edits never move them. */
  markers: Marker[];
  document: EditorDocument | null;
  /** The version of main's document this copy shows (see `transcriptEditor.edit`). */
  version: number;
  state: EditorState;
  hasTimings: boolean;
  duration: number | null;
  /** Why the transcript could not be opened or the last edit was refused: what was thrown, worded where shown. */
  problem: unknown;
  /** Edits sent and not yet answered. */
  pending: number;
  /** The row being edited (its text is a textarea), or null. */
  active: number | null;
  /** Where the caret goes when a row becomes active: a word of its text as `splitWords` cuts it, or 'end'. */
  caret: number | 'end';
  /** Rows' names for speakers used in any transcript, offered when naming one. */
  known: string[];
  /** Typing main refused to save (the transcript was deleted meanwhile, say), the last per row: shown to copy. */
  unsaved: Array<{ row: number; text: string }>;
  /** Edits main refused because another window changed their row first: the user decides. */
  conflicts: EditRefusal[];
  /** The transcript was deleted (in this window or another) while open here. */
  deleted: boolean;
  /** Edits main keeps but the disk has not taken yet, and why; null once all are written. */
  notWritten: DiskRefusal | null;
}

export const initial: Omit<EditorView, 'known'> = {
  id: null,
  fileName: '',
  markers: [],
  document: null,
  version: 0,
  state: { canUndo: false, canRedo: false, edited: false },
  hasTimings: false,
  duration: null,
  problem: null,
  pending: 0,
  active: null,
  caret: 0,
  unsaved: [],
  conflicts: [],
  deleted: false,
  notWritten: null,
};

export const useEditor = create<EditorView>(() => ({ ...initial, known: [] }));

/** The active row's unsaved typing, sent before any other intent so indices stay right. */
let typingFlush: (() => void) | null = null;
export const setTypingFlush = (flush: (() => void) | null) => {
  typingFlush = flush;
};
export const flushTyping = () => typingFlush?.();

/** Texts this page sent for rows and main has not answered yet, as main will store them (single-spaced). */
export const inFlight: string[] = [];
