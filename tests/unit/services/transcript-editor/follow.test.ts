// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DiskRefusal } from '../../../../shared/contract/storage';
import { patchFor } from '../../../../electron/core/services/transcript-editor/intents';
import { historyAt, rebase, remember } from '../../../../electron/core/services/transcript-editor/versions';
import { rowCounter } from '../../../../electron/core/services/transcript-editor/row-ids';
import type { EditIntent, EditorDocument, EditorEvent, EditorPatch } from '../../../../shared/contract/transcriptEditor';
import { applyPatch, blockText } from '../../../../shared/domain/transcript-edits';
import { documentToWire, patchToWire } from '../../../../shared/domain/transcript-wire';

// The page's editor store and follow logic against a main that keeps the document, its
// versions and their merging with the real code (versions.ts, intents.ts); only the
// bridge's timing is in the test's hands: an answer or a watch message can be held back or lost.
const bridge = vi.hoisted(() => ({
  main: null as unknown as { open(): Promise<unknown>; edit(input: { intent: unknown; version: number }): Promise<unknown> },
  listeners: [] as Array<(message: { id: string; event: unknown }) => void>,
}));
vi.mock('../../../../renderer/api', () => ({
  api: {
    transcriptEditor: {
      open: () => bridge.main.open(),
      edit: (input: { intent: unknown; version: number }) => bridge.main.edit(input),
      knownSpeakers: async () => [],
      watch: {
        start: async () => ({ id: 'w1' }),
        cancel: async () => undefined,
        subscribe: (listener: (message: { id: string; event: unknown }) => void) => {
          bridge.listeners.push(listener);
          return () => undefined;
        },
      },
    },
  },
}));

const { edit, flushEdits, openEditor, activate, useEditor } = await import('../../../../renderer/transcript-editor/store');
const { GAP_MS, watchEditor } = await import('../../../../renderer/transcript-editor/follow');

const state = { canUndo: true, canRedo: false, edited: true };
const hold = () => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release };
};

class Main {
  document: EditorDocument;
  version = 5;
  history = historyAt(5);
  opened = 0;
  /** Why main's disk refuses its writes now, if it does (main keeps the changes meanwhile). */
  refusal: DiskRefusal | null = null;
  /** Watch messages: delivered at once, held until `deliver`, or lost. */
  watch: 'live' | 'held' | 'lost' = 'live';
  private heldMessages: EditorEvent[] = [];
  gates: { open?: Promise<void>; edit?: Promise<void> } = {};

  /** Row ids main gives new rows. */
  private ids = rowCounter(1000);

  constructor(rows: number) {
    this.document = { blocks: Array.from({ length: rows }, (_, i) => ({ id: String(i + 1), speaker: null, words: [`r${i}`, 'a', 'b'], times: null })), speakers: [] };
  }

  private change(patch: EditorPatch) {
    applyPatch(this.document, patch);
    remember(this.history, patch);
    this.version += 1;
    const event: EditorEvent = { type: 'changed', id: 't1', patch: patchToWire(patch), state, version: this.version, unsaved: this.refusal };
    if (this.watch === 'held') this.heldMessages.push(event);
    if (this.watch === 'live') for (const listener of bridge.listeners) listener({ id: 'w1', event });
    return event;
  }

  deliver() {
    this.watch = 'live';
    for (const event of this.heldMessages.splice(0)) for (const listener of bridge.listeners) listener({ id: 'w1', event });
  }

  /** Another window's edit, on the document as it is now. */
  elsewhere(intent: EditIntent) {
    this.change(patchFor(this.document, intent, null, this.ids)!);
  }

  /** The disk took what main kept for it. */
  written() {
    this.refusal = null;
    for (const listener of bridge.listeners) listener({ id: 'w1', event: { type: 'saved', id: 't1', version: this.version } });
  }

  /** Main no longer has the versions before this one (its copy was reloaded from disk). */
  forget() {
    this.history = historyAt(this.version);
  }

  async open() {
    this.opened += 1;
    const answer = { fileName: 'meeting.mp3', document: documentToWire(this.document), state, version: this.version, hasTimings: false, duration: null, unsaved: this.refusal };
    await this.gates.open;
    return answer;
  }

  async edit({ intent, version }: { intent: unknown; version: number }) {
    await this.gates.edit;
    const rebased = rebase(this.history, this.version, version, intent as EditIntent, this.document.blocks.length);
    if ('refusal' in rebased) return { outcome: 'refused', refusal: rebased.refusal };
    const { patch, ...rest } = this.change(patchFor(this.document, rebased.intent, null, this.ids)!) as Extract<EditorEvent, { type: 'changed' }>;
    return { outcome: 'applied', patch, state: rest.state, version: rest.version, unsaved: rest.unsaved };
  }

  rows = () => this.document.blocks.map(blockText);
}

const pageRows = () => useEditor.getState().document?.blocks.map(blockText);

async function opened(main: Main) {
  bridge.main = main;
  await openEditor('t1');
  expect(useEditor.getState().version).toBe(main.version);
}

/** The page shows main's document at main's version, and nothing is left to send. */
async function following(main: Main) {
  await flushEdits();
  expect(useEditor.getState().version).toBe(main.version);
  expect(pageRows()).toEqual(main.rows());
  expect(useEditor.getState().pending).toBe(0);
}

beforeAll(async () => {
  watchEditor({ changed: () => undefined, deleted: () => undefined });
  await vi.waitFor(() => expect(bridge.listeners).toHaveLength(1));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('an editor following its document', () => {
  it('shows edits main keeps for a refusing disk as not saved yet, until main has written them', async () => {
    const main = new Main(6);
    await opened(main);
    main.refusal = { cause: 'io', file: '/data/history.sqlite' };
    await edit({ type: 'text', block: 2, text: 'r2 typed while the disk failed' });
    expect(useEditor.getState()).toMatchObject({ notWritten: main.refusal, deleted: false });
    main.written();
    expect(useEditor.getState()).toMatchObject({ notWritten: null, deleted: false });
    await following(main);
    expect(pageRows()![2]).toBe('r2 typed while the disk failed');
  });

  it('keeps a change that arrives before the document it opens, and follows on', async () => {
    const main = new Main(6);
    bridge.main = main;
    const gate = hold();
    main.gates.open = gate.held;
    const opening = openEditor('t1');
    await vi.waitFor(() => expect(main.opened).toBe(1));
    // Main answered with version 5; another window's change (6) overtakes the answer.
    main.elsewhere({ type: 'text', block: 1, text: 'r1 from elsewhere' });
    gate.release();
    await opening;
    expect(pageRows()![1]).toBe('r1 from elsewhere');

    await edit({ type: 'text', block: 3, text: 'r3 mine' });
    await following(main);
    expect(pageRows()![3]).toBe('r3 mine');
  });

  it('keeps changes newer than the document a reload brings, and follows on', async () => {
    const main = new Main(6);
    await opened(main);
    // Another window's change is on its way while main loses the versions before it: the page's next edit is refused.
    main.watch = 'held';
    main.elsewhere({ type: 'text', block: 1, text: 'r1 from elsewhere' });
    main.forget();
    const gate = hold();
    main.gates.open = gate.held;
    const refused = edit({ type: 'text', block: 3, text: 'r3 refused' });
    await vi.waitFor(() => expect(main.opened).toBe(2));
    // The reload's answer is version 6; version 7 and the held 6 reach the page before it.
    main.elsewhere({ type: 'text', block: 2, text: 'r2 from elsewhere' });
    main.deliver();
    gate.release();
    await refused;
    expect(useEditor.getState().conflicts).toMatchObject([{ code: 'document_changed', text: 'r3 refused' }]);

    await edit({ type: 'text', block: 4, text: 'r4 mine' });
    await following(main);
    expect(pageRows()!.slice(1, 5)).toEqual(['r1 from elsewhere', 'r2 from elsewhere', 'r3 a b', 'r4 mine']);
  });

  it('reloads when a change never comes, rather than wait for it forever', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const main = new Main(6);
    await opened(main);
    main.watch = 'lost';
    main.elsewhere({ type: 'text', block: 1, text: 'r1 from elsewhere' });
    main.watch = 'live';
    await edit({ type: 'text', block: 3, text: 'r3 mine' });
    // The reply (7) waits for the lost 6, for a while.
    expect(useEditor.getState().version).toBe(5);
    await vi.advanceTimersByTimeAsync(GAP_MS);
    await vi.waitFor(() => expect(main.opened).toBe(2));
    await following(main);
    expect(pageRows()!.slice(1, 4)).toEqual(['r1 from elsewhere', 'r2 a b', 'r3 mine']);
  });
});

describe('an intent sent after changes from elsewhere', () => {
  it('goes with the version its rows were counted on, whichever row is active', async () => {
    const main = new Main(12);
    await opened(main);
    activate(2);
    const gate = hold();
    main.gates.edit = gate.held;
    const first = edit({ type: 'text', block: 0, text: 'r0 mine' });
    // Queued behind it, on rows 10 and 11 as the page shows them (version 5).
    const merge = edit({ type: 'merge', block: 10 });
    main.elsewhere({ type: 'split', block: 5, word: 1 });
    await vi.waitFor(() => expect(useEditor.getState().version).toBe(6));
    gate.release();
    await Promise.all([first, merge]);
    await following(main);
    expect(main.rows().slice(9, 13)).toEqual(['r8 a b', 'r9 a b', 'r10 a b r11 a b']);
    expect(useEditor.getState().conflicts).toEqual([]);
  });

  it('goes with the version before a reload, so main follows its row', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const main = new Main(12);
    await opened(main);
    // Another window splits row 5 and that change is lost; its next one arrives: the page has a gap.
    main.watch = 'lost';
    main.elsewhere({ type: 'split', block: 5, word: 1 });
    main.watch = 'live';
    main.elsewhere({ type: 'text', block: 0, text: 'r0 from elsewhere' });
    const gate = hold();
    main.gates.edit = gate.held;
    const first = edit({ type: 'text', block: 1, text: 'r1 mine' });
    // Queued behind it, on row 10 as the page shows it (version 5).
    const speaker = edit({ type: 'speaker', block: 10, speaker: { name: 'Anna' } });
    await vi.advanceTimersByTimeAsync(GAP_MS);
    await vi.waitFor(() => expect(useEditor.getState().version).toBe(7));
    gate.release();
    await Promise.all([first, speaker]);
    await following(main);
    const named = main.document.blocks.findIndex((block) => block.speaker !== null);
    expect(main.rows()[named]).toBe('r10 a b');
  });
});
