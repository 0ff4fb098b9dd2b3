import type { StateCreator } from 'zustand';
import { FREE_MODEL } from '../../shared/domain/chat';
import type { Conversation, ConversationMeta } from '../../shared/domain/conversation';
import type { ProblemData } from '../../shared/domain/problem';
import { api } from '../api';
import { useSettings } from '../settings';
import type { ChatState, ConversationsSlice } from './chat-state';
import { loadDrafts, saveDrafts } from './drafts';
import { upsert, withMeta } from './listing';
import { DEFAULT_CHAT_OPTIONS } from '../../shared/domain/chat';
import { checkOptions, toInput } from './options';
import { newConversation } from './records';

const currentPlan = () => useSettings.getState().settings?.plan ?? 'free';

/** Main's account of the history (history:status) as the notice shows it, or none. */
const statusNotice = ({ problem, noticeId }: { problem: ProblemData[] | null; noticeId: string | null }): ChatState['storageProblem'] =>
  problem ? { kind: 'start', cause: 'status', problems: problem, noticeId } : null;

/** Messages loaded when a conversation opens, and per earlier page: a long conversation opens at once. */
export const PAGE_SIZE = 100;
/** Larger pages when many earlier messages are wanted (a search hit far back). */
const BULK_PAGE_SIZE = 1000;

export const createConversationsSlice: StateCreator<ChatState, [], [], ConversationsSlice> = (set, get) => {
  const first = newConversation(DEFAULT_CHAT_OPTIONS);
  // The conversation asked for last: a slower load of an earlier choice must not take over.
  let wanted = first.id;

  const find = (id: string) => get().conversations.find((c) => c.id === id);
  const isSaved = (id: string) => get().listed.some((c) => c.id === id);
  // One earlier page at a time per conversation, so two loads never prepend the same messages.
  const loading = new Map<string, Promise<void>>();

  /** Loads the page before the first loaded message and prepends it; nothing when all are loaded. */
  function loadPage(id: string, limit: number): Promise<void> {
    const running = loading.get(id);
    if (running) return running;
    const first = find(id)?.messages[0];
    if (!get().earlier[id] || !first) return Promise.resolve();
    const page = api.history
      .earlierMessages({ id, beforeMessageId: first.id, limit })
      .then(({ messages, hasEarlier }) => {
        if (find(id)?.messages[0]?.id !== first.id) return;
        set((s) => {
          const { [id]: _done, ...stillEarlier } = s.earlier;
          return {
            conversations: s.conversations.map((c) => (c.id === id ? { ...c, messages: [...messages, ...c.messages] } : c)),
            earlier: hasEarlier ? s.earlier : stillEarlier,
          };
        });
      })
      .finally(() => loading.delete(id));
    loading.set(id, page);
    return page;
  }

  /** Loads earlier pages until `done` holds or nothing earlier remains. */
  async function loadUntil(id: string, done: () => boolean) {
    while (get().earlier[id] && !done()) await loadPage(id, BULK_PAGE_SIZE);
  }

  /** Writes a change to a saved conversation; the new chat's settings go to main with its first message. */
  function save(id: string, change: Partial<Pick<ConversationMeta, 'title' | 'systemPrompt' | 'options' | 'pinned'>>) {
    if (!isSaved(id)) return;
    api.history.update({ id, ...change }).then(
      () => cleared('save'),
      (error: unknown) => set({ storageProblem: { kind: 'save', cause: 'save', error } }),
    );
  }

  /** A problem of this kind is over once an action of its kind succeeds. */
  function cleared(kind: NonNullable<ChatState['storageProblem']>['kind']) {
    if (get().storageProblem?.kind === kind) set({ storageProblem: null });
  }

  function patch(id: string, change: (c: Conversation) => Conversation) {
    set((s) => ({ conversations: s.conversations.map((c) => (c.id === id ? change(c) : c)) }));
  }

  return {
    listed: [],
    conversations: [first],
    activeId: first.id,
    drafts: loadDrafts(),
    optionInputs: {},
    target: null,
    earlier: {},
    storageProblem: null,
    repairs: 0,

    loadEarlier: (id) =>
      loadPage(id, PAGE_SIZE).then(
        () => cleared('read'),
        (error: unknown) => set({ storageProblem: { kind: 'read', cause: 'read', error } }),
      ),

    async hydrate() {
      try {
        // Summaries only: a conversation's messages load when it is opened.
        const [status, listed] = await Promise.all([api.history.status(), api.history.list()]);
        set((s) => ({ listed: s.listed.reduce(upsert, listed), storageProblem: statusNotice(status) }));
      } catch (error) {
        set({ storageProblem: { kind: 'start', cause: 'start', error } });
      }
    },
    async reloadHistory() {
      const before = new Set(get().listed.map((c) => c.id));
      try {
        const [status, listed] = await Promise.all([api.history.status(), api.history.list()]);
        set({ listed, storageProblem: statusNotice(status) });
      } catch (error) {
        return set({ storageProblem: { kind: 'start', cause: 'start', error } });
      }
      // Saved conversations loaded here load again when opened; the open one is read at once.
      const id = get().activeId;
      set((s) => ({ conversations: s.conversations.filter((c) => c.id === id || !before.has(c.id)), earlier: {} }));
      // One the user asked for whose opening failed (it met the repair) is opened now, without a click again.
      if (wanted !== id && get().listed.some((c) => c.id === wanted)) return void (await get().select(wanted));
      if (!before.has(id)) return;
      if (!isSaved(id)) return get().newConversation();
      try {
        const { hasEarlier, ...loaded } = await api.history.open({ id, limit: PAGE_SIZE });
        set((s) => ({ conversations: s.conversations.map((c) => (c.id === id ? loaded : c)), earlier: hasEarlier ? { [id]: true } : {} }));
      } catch (error) {
        set({ storageProblem: { kind: 'open', cause: 'open', error } });
      }
    },
    newConversation() {
      // One empty conversation is enough: "New chat" returns to it rather than piling up blanks.
      const empty = get().conversations.find((c) => c.messages.length === 0 && !isSaved(c.id));
      const fresh = empty ?? newConversation(get().newChatOptions());
      wanted = fresh.id;
      set((s) => ({ conversations: empty ? s.conversations : [fresh, ...s.conversations], activeId: fresh.id }));
    },
    async select(id, messageId) {
      wanted = id;
      // A hit in another branch than the one shown: main shows that branch first (nothing changes when it is shown).
      const moved = messageId && isSaved(id) ? await api.conversations.showBranch({ conversationId: id, messageId }).catch(() => false) : false;
      if (moved && find(id)) await get().reopen(id);
      const target = () => (messageId ? { target: { conversationId: id, messageId, at: Date.now() } } : {});
      // A search hit further back than the loaded pages: load up to it first.
      const hitLoaded = () => !messageId || !!find(id)?.messages.some((m) => m.id === messageId);
      try {
        if (find(id)) {
          if (!hitLoaded()) {
            set({ activeId: id });
            await loadUntil(id, hitLoaded);
            if (wanted !== id) return false;
          }
          set({ activeId: id, ...target() });
          return true;
        }
        const { hasEarlier, ...loaded } = await api.history.open({ id, limit: PAGE_SIZE });
        cleared('open');
        const conversation = { ...loaded, messages: loaded.messages };
        const shown = wanted === id && (!messageId || conversation.messages.some((m) => m.id === messageId));
        set((s) => ({
          conversations: [...s.conversations.filter((c) => c.id !== id), conversation],
          earlier: hasEarlier ? { ...s.earlier, [id]: true } : s.earlier,
          ...(shown && { activeId: id, ...target() }),
        }));
        if (shown) return true;
        await loadUntil(id, hitLoaded);
        if (wanted === id) set({ activeId: id, ...target() });
        return wanted === id;
      } catch (error) {
        set({ storageProblem: { kind: 'open', cause: 'open', error } });
        return false;
      }
    },
    async reopen(id) {
      try {
        const { hasEarlier, ...loaded } = await api.history.open({ id, limit: PAGE_SIZE });
        set((s) => {
          const { [id]: _was, ...others } = s.earlier;
          return {
            conversations: s.conversations.map((c) => (c.id === id ? loaded : c)),
            earlier: hasEarlier ? { ...others, [id]: true } : others,
          };
        });
      } catch (error) {
        set({ storageProblem: { kind: 'open', cause: 'open', error } });
      }
    },
    clearTarget: () => set({ target: null }),
    dismissStorageProblem() {
      // Main's own account was read: it keeps the backups a repair merged only until then. Named by
      // its id, so a newer notice this page has not shown stays. Nothing to tell the user if this
      // fails: the backups are merely kept longer.
      const shown = get().storageProblem;
      if (shown?.cause === 'status' && shown.noticeId) api.history.noticeSeen({ id: shown.noticeId }).catch(() => undefined);
      set({ storageProblem: null });
    },
    setDraft(id, text) {
      set((s) => ({ drafts: { ...s.drafts, [id]: text } }));
      saveDrafts(get().drafts);
    },
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
      const saved = await api.history.update({ id, title });
      set((s) => withMeta(s, id, { title: saved.title }));
    },
    setPinned(id, pinned) {
      set((s) => withMeta(s, id, { pinned }));
      save(id, { pinned });
    },
    async remove(id) {
      const meta = get().listed.find((c) => c.id === id);
      if (!meta) return;
      set((s) => ({ listed: s.listed.filter((c) => c.id !== id) }));
      if (get().activeId === id) get().newConversation();
      try {
        await api.history.remove({ id });
      } catch (error) {
        set((s) => ({ listed: upsert(s.listed, meta) }));
        throw error;
      }
    },
    async restore(meta) {
      await api.history.restore({ id: meta.id });
      set((s) => ({ listed: upsert(s.listed, meta) }));
    },
    addListed: (meta) => set((s) => ({ listed: upsert(s.listed, meta) })),
    newChatOptions() {
      // A new chat carries on with the model and how replies are written. JSON mode, the tools
      // offered and a forced tool steer one task: carried over, they would shape the next chat's
      // replies with nothing there saying so.
      const { model, temperature, maxTokens, stream } = find(get().activeId)?.options ?? DEFAULT_CHAT_OPTIONS;
      return { model: currentPlan() === 'free' ? FREE_MODEL : model, temperature, maxTokens, stream };
    },
    openStarted(meta, draft) {
      wanted = meta.id;
      set((s) => ({
        listed: upsert(s.listed, meta),
        conversations: [{ ...meta, messages: [] }, ...s.conversations.filter((c) => c.id !== meta.id)],
        activeId: meta.id,
      }));
      get().setDraft(meta.id, draft);
    },
  };
};
