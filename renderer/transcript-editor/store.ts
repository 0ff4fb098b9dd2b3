import type { EditIntent, EditorExportFormat, EditorState, EditRefusal, WirePatch } from '../../shared/contract/transcriptEditor';
import type { DiskRefusal } from '../../shared/contract/storage';
import { blockText } from '../../shared/domain/transcript-edits';
import { normalText } from '../../shared/domain/words';
import { documentFromWire } from '../../shared/domain/transcript-wire';
import { api } from '../api';
import { overviewOf } from './waveform';
import { catchUp, forgetAhead, madeNow, madeOn, mine, receive, reload } from './follow';
import { type EditorView, flushTyping, inFlight, initial, setTypingFlush, useEditor } from './view';

export { setTypingFlush, useEditor, type EditorView };

/** Main answers edits in order, and each refers to rows as the previous left them: one queue. */
let queue: Promise<unknown> = Promise.resolve();

type Typed = EditorView['unsaved'][number];
type Answer = { outcome?: 'applied'; patch: WirePatch; state: EditorState; version: number; unsaved: DiskRefusal | null } | { outcome: 'refused'; refusal: EditRefusal };
const without = (unsaved: EditorView['unsaved'], row: number) => unsaved.filter((entry) => entry.row !== row);
const otherConflicts = (conflicts: EditRefusal[], row: number | null) => conflicts.filter((conflict) => conflict.row !== row);

/** Queues an intent. It names rows as the page shows them now, and goes with that version (see `madeOn`). */
function enqueue(id: string, work: (version: number) => Promise<Answer>, typed?: Typed): Promise<void> {
  const made = madeNow();
  const text = typed && normalText(typed.text);
  if (text !== undefined) inFlight.push(text);
  useEditor.setState((view) => ({ pending: view.pending + 1 }));
  const run = queue.then(async () => {
    try {
      const answer = await work(madeOn(made));
      if (answer.outcome === 'refused') {
        const { refusal } = answer;
        if (refusal.code === 'document_changed') await reload(id);
        useEditor.setState((view) => ({ conflicts: [...otherConflicts(view.conflicts, refusal.row), refusal] }));
        return;
      }
      // An edit that changed nothing answers with the version as it stands, which is not its own.
      if (answer.patch.ranges.length || answer.patch.speakers) mine(answer.version);
      receive(id, answer.version, answer.patch, answer.state);
      // A row saved since its typing was refused has nothing unsaved left.
      useEditor.setState((view) => ({ problem: null, notWritten: answer.unsaved, unsaved: typed ? without(view.unsaved, typed.row) : view.unsaved }));
    } catch (error) {
      // The row goes back to main's text when it closes, so refused typing is kept apart, every row's.
      useEditor.setState((view) => ({ problem: error, unsaved: typed ? [...without(view.unsaved, typed.row), typed] : view.unsaved }));
    } finally {
      if (text !== undefined) inFlight.splice(inFlight.indexOf(text), 1);
      useEditor.setState((view) => ({ pending: view.pending - 1 }));
    }
  });
  queue = run;
  return run;
}

/** A transcript whose opening the click on Edit transcript began (`prepareEditor`), for its screen to take once. */
let prepared: string | null = null;
let preparedUrl: { id: string; url: Promise<{ url: string }> } | null = null;

/**
 * At the click on Edit transcript, before the result view is taken down: the document, the
 * recording's address and the waveform's overview are asked for now, so main answers while the
 * page takes down the result view instead of after (the bench: that teardown was 170 ms of a
 * 3-hour transcript's opening, spent waiting).
 */
export function prepareEditor(id: string) {
  prepared = id;
  void loadEditor(id);
  preparedUrl = { id, url: api.transcription.audioUrl({ id }) };
  // Failures show where each is used (the player, the waveform), not here.
  preparedUrl.url.catch(() => undefined);
  overviewOf(id).catch(() => undefined);
}

/** The editor screen opening `id`: what the click began, or a fresh opening (a reload, another window, the back button). */
export function openEditor(id: string): Promise<void> {
  const begun = prepared === id;
  prepared = null;
  if (begun) return Promise.resolve();
  preparedUrl = null;
  return loadEditor(id);
}

async function loadEditor(id: string) {
  forgetAhead();
  useEditor.setState({ ...initial, id });
  try {
    const [opened, known] = await Promise.all([api.transcriptEditor.open({ id }), api.transcriptEditor.knownSpeakers()]);
    if (useEditor.getState().id !== id) return;
    useEditor.setState({
      fileName: opened.fileName,
      markers: opened.markers,
      document: documentFromWire(opened.document),
      version: opened.version,
      state: opened.state,
      hasTimings: opened.hasTimings,
      duration: opened.duration,
      notWritten: opened.unsaved,
      known,
    });
    catchUp();
  } catch (error) {
    useEditor.setState({ problem: error });
  }
}

/** Sends an intent; the row's typing goes first. */
export function edit(intent: EditIntent, options: { keepTyping?: boolean } = {}): Promise<void> {
  const { id } = useEditor.getState();
  if (!id) return Promise.resolve();
  if (!options.keepTyping) flushTyping();
  const typed = intent.type === 'text' ? { row: intent.block, text: intent.text } : undefined;
  return enqueue(id, (version) => api.transcriptEditor.edit({ id, intent, version }), typed);
}

/**
 * A refused edit's text saved over the other window's change, on the row as it is now (named,
 * so a change made after the user chose is refused in turn). The row's typing since stays in
 * its draft, to follow once this is saved.
 */
export function saveMine(conflict: EditRefusal) {
  const theirs = conflict.now === null ? undefined : useEditor.getState().document?.blocks[conflict.now];
  if (conflict.now === null || conflict.text === null || !theirs) return;
  keepTheirs(conflict);
  void edit({ type: 'text', block: conflict.now, text: conflict.text, was: blockText(theirs) }, { keepTyping: true });
}

export const keepTheirs = (conflict: EditRefusal) => useEditor.setState((view) => ({ conflicts: view.conflicts.filter((each) => each !== conflict) }));

export function undo() {
  flushTyping();
  const { id } = useEditor.getState();
  if (id) void enqueue(id, () => api.transcriptEditor.undo({ id }));
}

export function redo() {
  flushTyping();
  const { id } = useEditor.getState();
  if (id) void enqueue(id, () => api.transcriptEditor.redo({ id }));
}

export function revert() {
  flushTyping();
  const { id } = useEditor.getState();
  if (id) void enqueue(id, () => api.transcriptEditor.revert({ id }));
}

/** Resolves once every edit made so far (the row's typing included) is saved. */
export function flushEdits(): Promise<unknown> {
  flushTyping();
  return queue;
}

export const activate = (row: number | null, caret: number | 'end' = 0) => useEditor.setState({ active: row, caret });

/** Main saves the edited transcript as it stands (edits still on their way go first). */
export async function exportEdited(id: string, format: EditorExportFormat, options: { speakerPrefix: boolean; timestamps: boolean }) {
  await flushEdits();
  return api.transcriptEditor.export({ id, format, options });
}

/** Each speaker's talk time, as main counts it. */
export const talkTimeOf = (id: string) => api.transcriptEditor.talkTime({ id });

/** Where the page plays the transcript's recording from, served by main. */
export function recordingUrl(id: string): Promise<{ url: string }> {
  const begun = preparedUrl?.id === id ? preparedUrl.url : null;
  preparedUrl = null;
  return begun ?? api.transcription.audioUrl({ id });
}
