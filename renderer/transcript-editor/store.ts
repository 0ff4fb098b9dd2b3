import { create } from 'zustand';
import type { EditIntent, EditorDocument, EditorState, WirePatch } from '../../shared/contract/transcriptEditor';
import { applyPatch } from '../../shared/domain/transcript-edits';
import { documentFromWire, patchFromWire } from '../../shared/domain/transcript-wire';
import { api } from '../api';

export interface EditorView {
  id: string | null;
  fileName: string;
  document: EditorDocument | null;
  state: EditorState;
  hasTimings: boolean;
  duration: number | null;
  /** Why the transcript could not be opened or the last edit was refused (main's words). */
  problem: string | null;
  /** Edits sent and not yet answered. */
  pending: number;
  /** The row being edited (its text is a textarea), or null. */
  active: number | null;
  /** Where the caret goes when a row becomes active: a word index, or 'end'. */
  caret: number | 'end';
  /** Rows' names for speakers used in any transcript, offered when naming one. */
  known: string[];
  /** Typing main refused to save (the transcript was deleted meanwhile, say), the last per row: shown to copy. */
  unsaved: Array<{ row: number; text: string }>;
}

const initial: Omit<EditorView, 'known'> = {
  id: null,
  fileName: '',
  document: null,
  state: { canUndo: false, canRedo: false, edited: false },
  hasTimings: false,
  duration: null,
  problem: null,
  pending: 0,
  active: null,
  caret: 0,
  unsaved: [],
};

export const useEditor = create<EditorView>(() => ({ ...initial, known: [] }));

/** The active row's unsaved typing, sent before any other intent so indices stay right. */
let flushTyping: (() => void) | null = null;
export const setTypingFlush = (flush: (() => void) | null) => {
  flushTyping = flush;
};

/** Main answers edits in order, and each refers to rows as the previous left them: one queue. */
let queue: Promise<unknown> = Promise.resolve();

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The page's copy follows main's patch; only the changed rows get new objects. */
function applied(patch: WirePatch, state: EditorState) {
  useEditor.setState((view) => {
    if (!view.document) return {};
    const document = applyPatch({ blocks: [...view.document.blocks], speakers: view.document.speakers }, patchFromWire(patch));
    const active = view.active !== null && view.active < document.blocks.length ? view.active : null;
    return { document, state, active };
  });
}

type Typed = EditorView['unsaved'][number];
const without = (unsaved: EditorView['unsaved'], row: number) => unsaved.filter((entry) => entry.row !== row);

function enqueue(id: string, work: () => Promise<{ patch: WirePatch; state: EditorState }>, typed?: Typed): Promise<void> {
  useEditor.setState((view) => ({ pending: view.pending + 1 }));
  const run = queue.then(async () => {
    try {
      const { patch, state } = await work();
      if (useEditor.getState().id === id) applied(patch, state);
      // A row saved since its typing was refused has nothing unsaved left.
      useEditor.setState((view) => ({ problem: null, unsaved: typed ? without(view.unsaved, typed.row) : view.unsaved }));
    } catch (error) {
      // The row goes back to main's text when it closes, so refused typing is kept apart, every row's.
      useEditor.setState((view) => ({ problem: message(error), unsaved: typed ? [...without(view.unsaved, typed.row), typed] : view.unsaved }));
    } finally {
      useEditor.setState((view) => ({ pending: view.pending - 1 }));
    }
  });
  queue = run;
  return run;
}

export async function openEditor(id: string) {
  useEditor.setState({ ...initial, id });
  try {
    const [opened, known] = await Promise.all([api.transcriptEditor.open({ id }), api.transcriptEditor.knownSpeakers()]);
    if (useEditor.getState().id !== id) return;
    useEditor.setState({ fileName: opened.fileName, document: documentFromWire(opened.document), state: opened.state, hasTimings: opened.hasTimings, duration: opened.duration, known });
  } catch (error) {
    useEditor.setState({ problem: message(error) });
  }
}

/** Sends an intent; the row's typing goes first. */
export function edit(intent: EditIntent, options: { keepTyping?: boolean } = {}): Promise<void> {
  const { id } = useEditor.getState();
  if (!id) return Promise.resolve();
  if (!options.keepTyping) flushTyping?.();
  const typed = intent.type === 'text' ? { row: intent.block, text: intent.text } : undefined;
  return enqueue(id, () => api.transcriptEditor.edit({ id, intent }), typed);
}

export function undo() {
  flushTyping?.();
  const { id } = useEditor.getState();
  if (id) void enqueue(id, () => api.transcriptEditor.undo({ id }));
}

export function redo() {
  flushTyping?.();
  const { id } = useEditor.getState();
  if (id) void enqueue(id, () => api.transcriptEditor.redo({ id }));
}

export function revert() {
  flushTyping?.();
  const { id } = useEditor.getState();
  if (id) void enqueue(id, () => api.transcriptEditor.revert({ id }));
}

/** Resolves once every edit made so far (the row's typing included) is saved. */
export function flushEdits(): Promise<unknown> {
  flushTyping?.();
  return queue;
}

export const activate = (row: number | null, caret: number | 'end' = 0) => useEditor.setState({ active: row, caret });
