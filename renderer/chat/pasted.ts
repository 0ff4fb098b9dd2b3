import { create } from 'zustand';
import type { ProblemData } from '../../shared/domain/problem';
import { api } from '../api';
import { deliver } from '../common/save-outcome';

/**
 * The last word on a paste, as facts the chip words when it shows. Each failure to hold one
 * ends by saying the paste is not lost: it never left the clipboard.
 */
export type PastedNote =
  | { kind: 'alreadyHeld' }
  /** Main would not stage it, in its own words. */
  | { kind: 'refused'; problem: ProblemData }
  | { kind: 'notKept' | 'notSaved'; error: unknown }
  /** The outcome of Save as file, already worded. */
  | { kind: 'saved'; text: string };

/** A paste too long for a message, held in main by reference; the page keeps only its handle and what the chip shows. */
export interface PastedText {
  fileId: string;
  /** Its size in bytes, as main staged it. */
  size: number;
  characters: number;
  lines: number;
}

interface PastedState {
  /** Per conversation, as drafts are. */
  held: Record<string, PastedText>;
  /** Per conversation: the paste on its way to main. */
  staging: Record<string, true>;
  /** Per conversation: the last word on the paste (saved, or why something failed). */
  notes: Record<string, PastedNote>;
  /** Answers false when main could not take it: the caller keeps the text itself. */
  hold(conversationId: string, text: string): Promise<boolean>;
  save(conversationId: string): Promise<void>;
  remove(conversationId: string): Promise<void>;
}

// Kept as drafts are (drafts.ts): a reload loses no paste. Main holds the text while it runs.
const KEY = 'confab.pasted';

function load(): Record<string, PastedText> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as Record<string, PastedText>) : {};
  } catch {
    return {};
  }
}

function store(held: Record<string, PastedText>) {
  try {
    localStorage.setItem(KEY, JSON.stringify(held));
  } catch {
    // Storage full or disabled: the paste is still held for this page.
  }
}

const without = <T>(record: Record<string, T>, key: string) => Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));

export const usePasted = create<PastedState>()((set, get) => {
  const note = (conversationId: string, said: PastedNote | null) =>
    set((s) => ({ notes: said === null ? without(s.notes, conversationId) : { ...s.notes, [conversationId]: said } }));
  const forget = (conversationId: string) => {
    set((s) => ({ held: without(s.held, conversationId) }));
    store(get().held);
  };

  return {
    held: load(),
    staging: {},
    notes: {},

    async hold(conversationId, text) {
      // One attached text per message: a second would push the first out of sight, held in main with no chip to remove it by.
      if (get().held[conversationId]) {
        note(conversationId, { kind: 'alreadyHeld' });
        return false;
      }
      set((s) => ({ staging: { ...s.staging, [conversationId]: true } }));
      note(conversationId, null);
      try {
        const outcome = await api.files.stage(new Blob([text], { type: 'text/plain' }), { name: 'Pasted text', purpose: 'paste' });
        if (!outcome.ok) {
          note(conversationId, { kind: 'refused', problem: outcome.problem });
          return false;
        }
        const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
        const pasted = { fileId: outcome.file.fileId, size: outcome.file.size, characters: text.length, lines };
        set((s) => ({ held: { ...s.held, [conversationId]: pasted } }));
        store(get().held);
        return true;
      } catch (error) {
        note(conversationId, { kind: 'notKept', error });
        return false;
      } finally {
        set((s) => ({ staging: without(s.staging, conversationId) }));
      }
    },

    async save(conversationId) {
      const pasted = get().held[conversationId];
      if (!pasted) return;
      try {
        const saved = deliver(await api.conversations.savePasted({ fileId: pasted.fileId }));
        note(conversationId, saved === null ? null : { kind: 'saved', text: saved });
      } catch (error) {
        note(conversationId, { kind: 'notSaved', error });
      }
    },

    async remove(conversationId) {
      const pasted = get().held[conversationId];
      if (!pasted) return;
      forget(conversationId);
      note(conversationId, null);
      // Gone from main already (Confab restarted): removing it from the composer is all that is left.
      await api.conversations.removePasted({ fileId: pasted.fileId }).catch(() => undefined);
    },
  };
});
