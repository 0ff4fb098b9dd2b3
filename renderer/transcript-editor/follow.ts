import type { EditorEvent, EditorPatch, EditorState, WirePatch } from '../../shared/contract/transcriptEditor';
import { applyPatch, blockText, rowAfter } from '../../shared/domain/transcript-edits';
import { documentFromWire, patchFromWire } from '../../shared/domain/transcript-wire';
import { api } from '../api';
import { watchStream } from '../api/watch';
import { wordAtOffset } from '../../shared/domain/words';
import { lastCaret } from './player';
import { flushTyping, inFlight, useEditor } from './view';

/**
 * An intent queued, not yet sent: the version its rows were counted on. This page's own edits
 * answered meanwhile are part of what the user acted on (their typing, their last step); any
 * other change (another window's, an undo there, a reload) is not, so the intent goes with
 * the version before the first of those and main follows its rows through them or refuses it.
 */
interface Made {
  version: number;
  mine: Set<number>;
  reloadedAt: number | null;
}
const waiting = new Set<Made>();

export function madeNow(): Made {
  const made: Made = { version: useEditor.getState().version, mine: new Set(), reloadedAt: null };
  waiting.add(made);
  return made;
}

/** This page's edit came back as change `version`. */
export const mine = (version: number) => waiting.forEach((made) => made.mine.add(version));

/** The version to send an intent made at `made` with; it leaves the waiting ones. */
export function madeOn(made: Made): number {
  waiting.delete(made);
  const end = made.reloadedAt ?? useEditor.getState().version;
  for (let version = made.version + 1; version <= end; version += 1) if (!made.mine.has(version)) return version - 1;
  return end;
}

/** The document was replaced (reloaded, or another opened): intents waiting name rows of the one before. */
const replaced = () => {
  const { version } = useEditor.getState();
  waiting.forEach((made) => (made.reloadedAt ??= version));
};

/** Changes not applied yet: ahead of a missing one (an edit's reply and the watch can cross), or before the document came. */
const ahead = new Map<number, { patch: EditorPatch; state: EditorState }>();

/** A missing change still missing after this long was lost: the page reloads rather than wait forever. */
export const GAP_MS = 2000;
let gap: ReturnType<typeof setTimeout> | undefined;
/** Reloads under way: changes arriving meanwhile wait for main's document. */
let reloading = 0;

function applyOne(patch: EditorPatch, state: EditorState) {
  const view = useEditor.getState();
  const next = applyPatch({ blocks: [...view.document!.blocks], speakers: view.document!.speakers }, patch);
  let { active, caret } = view;
  if (active !== null) {
    const after = rowAfter(patch, active);
    // This page's own typing come back is no change from elsewhere.
    const own = after.touched && after.row !== null && inFlight.includes(blockText(next.blocks[after.row]!));
    if (!own && (after.touched || after.row !== active)) {
      // What was typed goes first, naming the row as the user saw it: main then refuses it if
      // the row was changed, instead of it overwriting the other window's words.
      flushTyping();
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

/** Applies the changes kept that follow the document's version, in order; older ones are dropped. */
export function catchUp() {
  const { id, document, version, deleted } = useEditor.getState();
  if (!id || !document || reloading) return;
  for (const kept of ahead.keys()) if (kept <= version) ahead.delete(kept);
  for (let next = version + 1; ahead.has(next); next += 1) {
    const change = ahead.get(next)!;
    ahead.delete(next);
    applyOne(change.patch, change.state);
  }
  if (ahead.size && !gap && !deleted) watchGap(id, useEditor.getState().version + 1);
}

function watchGap(id: string, missing: number) {
  gap = setTimeout(() => {
    gap = undefined;
    const view = useEditor.getState();
    if (view.id !== id || !ahead.size) return;
    if (view.version < missing) void reload(id).catch((error: unknown) => useEditor.setState({ problem: error }));
    else catchUp();
  }, GAP_MS);
}

/**
 * A change to a document, from an edit's reply or the watch (each change comes both ways for
 * the window that made it): applied once, in version order; only the changed rows get new objects.
 */
export function receive(id: string, version: number, wire: WirePatch, state: EditorState) {
  const view = useEditor.getState();
  if (view.id !== id || (view.document && version <= view.version)) return;
  ahead.set(version, { patch: patchFromWire(wire), state });
  catchUp();
}

/** Another document opened: changes kept for the one before do not apply to it, nor do its versions. */
export function forgetAhead() {
  replaced();
  ahead.clear();
  clearTimeout(gap);
  gap = undefined;
}

/** Main's document as it is now, for a copy that can no longer follow it; what the user chose to keep stays. */
export async function reload(id: string) {
  reloading += 1;
  try {
    const opened = await api.transcriptEditor.open({ id });
    if (useEditor.getState().id !== id) return;
    // Typing goes out naming its row as the user saw it, before that row is gone.
    flushTyping();
    replaced();
    useEditor.setState({ document: documentFromWire(opened.document), version: opened.version, state: opened.state, notWritten: opened.unsaved, active: null });
  } finally {
    reloading -= 1;
    catchUp();
  }
}

/**
 * Every window follows every change to the transcript it edits, whichever window made it; the
 * rest of the page hears of each transcript changed or deleted. One stream for the page.
 */
export function watchEditor(tell: { changed(id: string): void; deleted(id: string): void }): () => void {
  return watchStream(api.transcriptEditor.watch, (event: EditorEvent) => {
    const here = useEditor.getState().id === event.id;
    if (event.type === 'saved') {
      if (here) useEditor.setState({ notWritten: null });
      return;
    }
    if (event.type === 'changed') {
      if (here) useEditor.setState({ notWritten: event.unsaved });
      receive(event.id, event.version, event.patch, event.state);
      return tell.changed(event.id);
    }
    if (here) useEditor.setState({ deleted: true });
    tell.deleted(event.id);
  });
}
