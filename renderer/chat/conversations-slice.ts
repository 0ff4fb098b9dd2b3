import type { StateCreator } from 'zustand';
import { FREE_MODEL } from '../../shared/domain/chat';
import type { Conversation, ConversationMeta } from '../../shared/domain/conversation';
import { api } from '../api';
import { useSettings } from '../settings/store';
import { type Lists, settledMessages, upsert, withMeta } from './listing';
import { DEFAULT_OPTIONS, type OptionsInput, checkOptions, toInput } from './options';
import { inOrder, messageOf } from './persist';
import { newConversation } from './records';
import type { ChatState } from './store';

export interface ConversationsSlice extends Lists {
  activeId: string;
  /** The composer's text, by conversation id; it becomes a message only when sent. */
  drafts: Record<string, string>;
  /** The option fields as typed, by conversation id; the conversation keeps the last valid options. */
  optionInputs: Record<string, OptionsInput>;
  /** A message to bring into view and highlight (a search hit); `at` tells two clicks on one hit apart. */
  target: { conversationId: string; messageId: string; at: number } | null;
  /** Why the history was set aside at start, could not be read, or a change could not be saved; until dismissed. */
  storageProblem: string | null;
  hydrate(): Promise<void>;
  newConversation(): void;
  /** Opens a conversation, loading its messages on first use; answers whether it is now the active one. */
  select(id: string, messageId?: string): Promise<boolean>;
  clearTarget(): void;
  dismissStorageProblem(): void;
  setDraft(id: string, text: string): void;
  setSystemPrompt(id: string, text: string): void;
  updateOptions(id: string, change: Partial<OptionsInput>): void;
  /** Rejects with main's reason when the title is refused. */
  rename(id: string, title: string): Promise<void>;
  setPinned(id: string, pinned: boolean): void;
  /** Hides the conversation at once; main purges it at its next start unless it is restored. */
  remove(id: string): Promise<void>;
  restore(meta: ConversationMeta): Promise<void>;
  /** A conversation main has just added (an import). */
  addListed(meta: ConversationMeta): void;
}

const currentPlan = () => useSettings.getState().settings?.plan ?? 'free';

export const createConversationsSlice: StateCreator<ChatState, [], [], ConversationsSlice> = (set, get) => {
  const first = newConversation(DEFAULT_OPTIONS);
  // The conversation asked for last: a slower load of an earlier choice must not take over.
  let wanted = first.id;

  const find = (id: string) => get().conversations.find((c) => c.id === id);
  const isSaved = (id: string) => get().listed.some((c) => c.id === id);

  /** Writes a change to a saved conversation; an unsaved one carries its state into history.create. */
  function save(id: string, change: Partial<Pick<ConversationMeta, 'title' | 'systemPrompt' | 'options' | 'pinned'>>) {
    if (!isSaved(id)) return;
    inOrder(id, () => api.history.update({ id, ...change })).catch((error: unknown) =>
      set({ storageProblem: `A change to this conversation could not be saved: ${messageOf(error)}` }),
    );
  }

  function patch(id: string, change: (c: Conversation) => Conversation) {
    set((s) => ({ conversations: s.conversations.map((c) => (c.id === id ? change(c) : c)) }));
  }

  return {
    listed: [],
    conversations: [first],
    activeId: first.id,
    drafts: {},
    optionInputs: {},
    target: null,
    storageProblem: null,

    async hydrate() {
      try {
        // Summaries only: a conversation's messages load when it is opened.
        const [status, listed] = await Promise.all([api.history.status(), api.history.list()]);
        set((s) => ({ listed: s.listed.reduce(upsert, listed), storageProblem: status.problem }));
      } catch (error) {
        set({ storageProblem: `Your saved conversations could not be read: ${messageOf(error)}` });
      }
    },
    newConversation() {
      // One empty conversation is enough: "New chat" returns to it rather than piling up blanks.
      const empty = get().conversations.find((c) => c.messages.length === 0 && !isSaved(c.id));
      // "Always allow" answers for one conversation only, so a new chat starts asking again.
      const { alwaysAllowedTools: _allowed, ...inherited } = find(get().activeId)?.options ?? DEFAULT_OPTIONS;
      // A new chat carries on with the current options, except Pro ones the plan no longer allows.
      const fresh =
        empty ??
        newConversation(currentPlan() === 'free' ? { ...inherited, model: FREE_MODEL, jsonMode: false, tools: [], toolChoice: undefined } : inherited);
      wanted = fresh.id;
      set((s) => ({ conversations: empty ? s.conversations : [fresh, ...s.conversations], activeId: fresh.id }));
    },
    async select(id, messageId) {
      wanted = id;
      const target = messageId ? { target: { conversationId: id, messageId, at: Date.now() } } : {};
      if (find(id)) {
        set({ activeId: id, ...target });
        return true;
      }
      try {
        const loaded = await api.history.open({ id });
        const conversation = { ...loaded, messages: settledMessages(loaded.messages) };
        set((s) => ({
          conversations: [...s.conversations.filter((c) => c.id !== id), conversation],
          ...(wanted === id && { activeId: id, ...target }),
        }));
        return wanted === id;
      } catch (error) {
        set({ storageProblem: `This conversation could not be opened: ${messageOf(error)}` });
        return false;
      }
    },
    clearTarget: () => set({ target: null }),
    dismissStorageProblem: () => set({ storageProblem: null }),
    setDraft: (id, text) => set((s) => ({ drafts: { ...s.drafts, [id]: text } })),
    setSystemPrompt(id, systemPrompt) {
      patch(id, (c) => ({ ...c, systemPrompt }));
      save(id, { systemPrompt });
    },
    updateOptions(id, change) {
      const conversation = find(id);
      if (!conversation) return;
      const input = { ...(get().optionInputs[id] ?? toInput(conversation.options)), ...change };
      set((s) => ({ optionInputs: { ...s.optionInputs, [id]: input } }));
      const { options } = checkOptions(input, currentPlan());
      if (!options) return;
      patch(id, (c) => ({ ...c, options }));
      save(id, { options });
    },

    async rename(id, title) {
      const saved = await inOrder(id, () => api.history.update({ id, title }));
      set((s) => withMeta(s, id, { title: saved.title }));
    },
    setPinned(id, pinned) {
      set((s) => withMeta(s, id, { pinned }));
      save(id, { pinned });
    },
    async remove(id) {
      const meta = get().listed.find((c) => c.id === id);
      if (!meta) return;
      // Deleting a conversation also ends its reply: nobody is left to read it.
      get().stop(id);
      set((s) => ({ listed: s.listed.filter((c) => c.id !== id) }));
      if (get().activeId === id) get().newConversation();
      try {
        await inOrder(id, () => api.history.remove({ id }));
      } catch (error) {
        set((s) => ({ listed: upsert(s.listed, meta) }));
        throw error;
      }
    },
    async restore(meta) {
      await inOrder(meta.id, () => api.history.restore({ id: meta.id }));
      set((s) => ({ listed: upsert(s.listed, meta) }));
    },
    addListed: (meta) => set((s) => ({ listed: upsert(s.listed, meta) })),
  };
};
