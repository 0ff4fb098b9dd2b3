import { create } from 'zustand';
import { type HeldItem, MAX_HELD_PER_MESSAGE } from '../../shared/contract/documents';
import type { StagePurpose } from '../../shared/contract/staging';
import type { ProblemData } from '../../shared/domain/problem';
import { api } from '../api';
import { deliver } from '../common/save-outcome';

/** The last word on a held item, as facts the chips word when they show. */
export type HeldNote =
  | { kind: 'tooMany' }
  /** Main would not stage or read it, in its own words; `pasted`: the text is still on the clipboard. */
  | { kind: 'refused'; problem: ProblemData; pasted: boolean }
  | { kind: 'notKept'; error: unknown; pasted: boolean }
  | { kind: 'notSaved'; error: unknown }
  /** The outcome of Save as file, already worded. */
  | { kind: 'saved'; text: string };

interface HeldState {
  /**
   * Per conversation (as drafts are): documents and long pastes main holds for the next Send, by
   * id, with what their chips show. Send names them; main sends their text with the conversation.
   */
  held: Record<string, HeldItem[]>;
  /** Per conversation: how many are on their way to main (staged, then read). */
  staging: Record<string, number>;
  notes: Record<string, HeldNote>;
  /** Answers false when main could not take it: the caller keeps the text itself. */
  holdPaste(conversationId: string, text: string): Promise<boolean>;
  /** Documents dropped or picked: each is staged and read by main; one refused is named, the others go on. */
  attachFiles(conversationId: string, files: readonly File[]): Promise<void>;
  save(conversationId: string, id: string): Promise<void>;
  remove(conversationId: string, id: string): Promise<void>;
  /** A Send took them: they belong to the conversation now, and leave the composer. */
  sent(conversationId: string): void;
  /** Save as file of an item a sent message of the conversation carried: the confirmation in words, or null (cancelled). Throws main's refusal. */
  saveSent(conversationId: string, id: string): Promise<string | null>;
  /** Undoes "send the beginning" of a sent item; its message's chip comes back through the watch. */
  sendWhole(conversationId: string, itemId: string): Promise<void>;
}

// Kept as drafts are (drafts.ts): a reload loses no chip. Main keeps the text in its held folder.
const KEY = 'confab.held';

function load(): Record<string, HeldItem[]> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as Record<string, HeldItem[]>) : {};
  } catch {
    return {};
  }
}

function store(held: Record<string, HeldItem[]>) {
  try {
    localStorage.setItem(KEY, JSON.stringify(held));
  } catch {
    // Storage full or disabled: the items are still held for this page.
  }
}

const without = <T>(record: Record<string, T>, key: string) => Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));

/** The held items' ids a Send of this conversation carries. */
export const heldIds = (conversationId: string) => (useHeld.getState().held[conversationId] ?? []).map((item) => item.id);

export const useHeld = create<HeldState>()((set, get) => {
  const note = (conversationId: string, said: HeldNote | null) =>
    set((s) => ({ notes: said === null ? without(s.notes, conversationId) : { ...s.notes, [conversationId]: said } }));
  const change = (conversationId: string, items: HeldItem[]) => {
    set((s) => ({ held: items.length > 0 ? { ...s.held, [conversationId]: items } : without(s.held, conversationId) }));
    store(get().held);
  };
  const items = (conversationId: string) => get().held[conversationId] ?? [];
  const busy = (conversationId: string, by: number) =>
    set((s) => {
      const count = (s.staging[conversationId] ?? 0) + by;
      return { staging: count > 0 ? { ...s.staging, [conversationId]: count } : without(s.staging, conversationId) };
    });

  /** Stages `blob`, then asks main to read it; true once it is held. */
  async function attach(conversationId: string, blob: Blob, name: string, purpose: StagePurpose): Promise<boolean> {
    const pasted = purpose === 'paste';
    // Counted with those on their way: a burst of drops cannot pass the limit between answers.
    if (items(conversationId).length + (get().staging[conversationId] ?? 0) >= MAX_HELD_PER_MESSAGE) {
      note(conversationId, { kind: 'tooMany' });
      return false;
    }
    busy(conversationId, 1);
    try {
      const staged = await api.files.stage(blob, { name, purpose });
      const attached = staged.ok ? await api.conversations.attach({ fileId: staged.file.fileId }) : staged;
      if (!attached.ok) {
        note(conversationId, { kind: 'refused', problem: attached.problem, pasted });
        return false;
      }
      change(conversationId, [...items(conversationId), attached.item]);
      return true;
    } catch (error) {
      note(conversationId, { kind: 'notKept', error, pasted });
      return false;
    } finally {
      busy(conversationId, -1);
    }
  }

  return {
    held: load(),
    staging: {},
    notes: {},

    holdPaste(conversationId, text) {
      note(conversationId, null);
      return attach(conversationId, new Blob([text], { type: 'text/plain' }), 'Pasted text', 'paste');
    },

    async attachFiles(conversationId, files) {
      note(conversationId, null);
      for (const file of files) await attach(conversationId, file, file.name, 'document');
    },

    async save(conversationId, id) {
      try {
        const saved = deliver(await api.conversations.saveHeld({ id, conversationId: null }));
        note(conversationId, saved === null ? null : { kind: 'saved', text: saved });
      } catch (error) {
        note(conversationId, { kind: 'notSaved', error });
      }
    },

    async remove(conversationId, id) {
      change(
        conversationId,
        items(conversationId).filter((item) => item.id !== id),
      );
      note(conversationId, null);
      // Gone from main already: removing it from the composer is all that is left.
      await api.conversations.removeHeld({ id }).catch(() => undefined);
    },

    sent(conversationId) {
      change(conversationId, []);
      note(conversationId, null);
    },

    saveSent: async (conversationId, id) => deliver(await api.conversations.saveHeld({ id, conversationId })),
    sendWhole: (conversationId, itemId) => api.conversations.sendWhole({ conversationId, itemId }),
  };
});
