import type { EditorEvent, EditorPatch, EditorState, WirePatch } from '../../shared/contract/transcriptEditor';
import { applyPatch, blockText, rowAfter } from '../../shared/domain/transcript-edits';
import { patchFromWire } from '../../shared/domain/transcript-wire';
import { api } from '../api';
import { watchStream } from '../api/watch';
import { lastCaret, wordAtOffset } from './player';
import { flushTyping, inFlight, useEditor } from './view';

/**
 * How many changes made elsewhere (another window, an undo, Replace all) have touched or
 * moved the row being typed in. An intent queued before such a change names rows as they
 * were, so it goes with the version it was made on and main merges or refuses it.
 */
let moved = 0;
export const movedSoFar = () => moved;

/** Changes that arrived ahead of an earlier one (an edit's reply and the watch can cross): kept until their turn. */
const ahead = new Map<number, { patch: EditorPatch; state: EditorState }>();

function applyOne(patch: EditorPatch, state: EditorState) {
  const view = useEditor.getState();
  const next = applyPatch({ blocks: [...view.document!.blocks], speakers: view.document!.speakers }, patch);
  let { active, caret } = view;
  if (active !== null) {
    const after = rowAfter(patch, active);
    // This page's own typing come back is no change from elsewhere.
    const mine = after.touched && after.row !== null && inFlight.includes(blockText(next.blocks[after.row]!));
    if (!mine && (after.touched || after.row !== active)) {
      // What was typed goes first, naming the row as the user saw it: main then refuses it if
      // the row was changed, instead of it overwriting the other window's words.
      flushTyping();
      moved += 1;
      if (after.row !== null && after.row !== active) {
        // The row moved (rows added or removed above it): its textarea comes back where the caret was.
        const { text, offset } = lastCaret();
        caret = wordAtOffset(text, offset);
      }
    }
    active = after.row ?? Math.min(active, next.blocks.length - 1);
  }
  useEditor.setState((current) => ({ document: next, version: current.version + 1, state, active: active !== null && active >= 0 ? active : null, caret }));
}

/**
 * A change to a document, from an edit's reply or the watch (each change comes both ways for
 * the window that made it): applied once, in version order; only the changed rows get new objects.
 */
export function receive(id: string, version: number, wire: WirePatch, state: EditorState) {
  const view = useEditor.getState();
  if (view.id !== id || !view.document || version <= view.version) return;
  ahead.set(version, { patch: patchFromWire(wire), state });
  for (let next = useEditor.getState().version + 1; ahead.has(next); next += 1) {
    const change = ahead.get(next)!;
    ahead.delete(next);
    applyOne(change.patch, change.state);
  }
}

/** A document opened anew: changes kept for the one before do not apply to it. */
export const forgetAhead = () => ahead.clear();

/**
 * Every window follows every change to the transcript it edits, whichever window made it; the
 * rest of the page hears of each transcript changed or deleted. One stream for the page.
 */
export function watchEditor(tell: { changed(id: string): void; deleted(id: string): void }): () => void {
  return watchStream(api.transcriptEditor.watch, (event: EditorEvent) => {
    if (event.type === 'changed') {
      receive(event.id, event.version, event.patch, event.state);
      return tell.changed(event.id);
    }
    if (useEditor.getState().id === event.id) useEditor.setState({ deleted: true });
    tell.deleted(event.id);
  });
}
