import { create } from 'zustand';
import type { CompletionEvent } from '../../shared/contract/chat';
import type { StreamMessage } from '../../shared/contract/client';
import { FREE_MODEL } from '../../shared/domain/chat';
import type { Conversation, Message } from '../../shared/domain/conversation';
import { api } from '../api';
import { useSettings } from '../settings/store';
import { loadConversations, saveConversation } from './history';
import { DEFAULT_OPTIONS, type OptionsInput, checkOptions, hasErrors, toInput } from './options';
import { bridgeFailure, newConversation, newMessage } from './records';
import { titleOf, wireMessages } from './wire';

/**
 * The reply being written in one conversation. Its text lives here rather than in the
 * conversation, so a fragment re-renders only that reply, never the finished messages.
 */
interface RunningReply {
  messageId: string;
  /** null until main has answered the start call. */
  streamId: string | null;
  text: string;
  /** Stop was pressed before the stream id was known: cancel as soon as it is. */
  stopRequested: boolean;
}

type Outcome = Pick<Message, 'state'> & Partial<Pick<Message, 'usage' | 'failure' | 'model'>>;

interface ChatState {
  /** Newest first. */
  conversations: Conversation[];
  activeId: string;
  /** The composer's text, by conversation id; it becomes a message only when sent. */
  drafts: Record<string, string>;
  /** The option fields as typed, by conversation id; the conversation keeps the last valid options. */
  optionInputs: Record<string, OptionsInput>;
  /** By conversation id. */
  running: Record<string, RunningReply>;
  hydrate(): Promise<void>;
  newConversation(): void;
  select(id: string): void;
  setDraft(id: string, text: string): void;
  setSystemPrompt(id: string, text: string): void;
  updateOptions(id: string, change: Partial<OptionsInput>): void;
  /** Each of these answers false when nothing was sent (empty text, a reply running, invalid options). */
  send(id: string): boolean;
  /** Replaces the last reply; it is also what Retry does after a failure. */
  regenerate(id: string): boolean;
  editAndResend(id: string, messageId: string, content: string): boolean;
  stop(id: string): void;
  receive(message: StreamMessage<CompletionEvent>): void;
}

const currentPlan = () => useSettings.getState().settings?.plan ?? 'free';

const without = <T>(record: Record<string, T>, key: string) => {
  const { [key]: _removed, ...rest } = record;
  return rest;
};

export const useChat = create<ChatState>((set, get) => {
  // Main may send a stream's first events before the start call's answer arrives (a request
  // that fails at once); they wait here until the stream id is known.
  const early = new Map<string, CompletionEvent[]>();
  const first = newConversation(DEFAULT_OPTIONS);

  const find = (id: string) => get().conversations.find((c) => c.id === id);

  const inputOf = (conversation: Conversation) => get().optionInputs[conversation.id] ?? toInput(conversation.options);

  function patch(id: string, change: (c: Conversation) => Conversation, extra: Partial<ChatState> = {}) {
    let updated: Conversation | undefined;
    set((s) => ({
      ...extra,
      conversations: s.conversations.map((c) => (c.id === id ? (updated = { ...change(c), updatedAt: Date.now() }) : c)),
    }));
    if (updated) void saveConversation(updated);
  }

  const setRunning = (id: string, run: RunningReply) => set((s) => ({ running: { ...s.running, [id]: run } }));

  /** Answers `history` (ending with a user message), replacing whatever followed it. */
  function reply(conversation: Conversation, history: Message[]): boolean {
    if (get().running[conversation.id]) return false;
    const { options, errors } = checkOptions(inputOf(conversation), currentPlan());
    if (!options || hasErrors(errors)) return false;
    const answer = newMessage('assistant', '', options.model);
    const run: RunningReply = { messageId: answer.id, streamId: null, text: '', stopRequested: false };
    patch(conversation.id, (c) => ({ ...c, title: titleOf(history), messages: [...history, answer] }), {
      running: { ...get().running, [conversation.id]: run },
    });
    api.chat.complete.start({ ...options, messages: wireMessages(conversation.systemPrompt, history) }).then(
      ({ id }) => attach(conversation.id, answer.id, id),
      (error: unknown) => finish(conversation.id, { state: 'error', failure: bridgeFailure(error) }),
    );
    return true;
  }

  function attach(conversationId: string, messageId: string, streamId: string) {
    const run = get().running[conversationId];
    if (run?.messageId !== messageId) return;
    setRunning(conversationId, { ...run, streamId });
    if (run.stopRequested) void api.chat.complete.cancel(streamId);
    const waiting = early.get(streamId) ?? [];
    early.delete(streamId);
    for (const event of waiting) apply(conversationId, event);
  }

  function apply(conversationId: string, event: CompletionEvent) {
    const run = get().running[conversationId];
    if (!run) return;
    switch (event.type) {
      case 'delta':
        return setRunning(conversationId, { ...run, text: run.text + event.text });
      case 'done':
        return finish(conversationId, { state: 'complete', usage: event.usage, ...(event.model && { model: event.model }) });
      case 'stopped':
        return finish(conversationId, { state: 'stopped' });
      case 'failed':
        return finish(conversationId, { state: 'error', failure: event.failure });
    }
  }

  /** Moves the running text into its message, which keeps whatever arrived however the reply ended. */
  function finish(conversationId: string, outcome: Outcome) {
    const run = get().running[conversationId];
    if (!run) return;
    patch(
      conversationId,
      (c) => ({ ...c, messages: c.messages.map((m) => (m.id === run.messageId ? { ...m, content: run.text, ...outcome } : m)) }),
      { running: without(get().running, conversationId) },
    );
  }

  return {
    conversations: [first],
    activeId: first.id,
    drafts: {},
    optionInputs: {},
    running: {},

    async hydrate() {
      const loaded = await loadConversations();
      set((s) => {
        const known = new Set(s.conversations.map((c) => c.id));
        const all = [...s.conversations, ...loaded.filter((c) => !known.has(c.id))];
        return { conversations: all.sort((a, b) => b.createdAt - a.createdAt) };
      });
    },
    newConversation() {
      // One empty conversation is enough: "New chat" returns to it rather than piling up blanks.
      const empty = get().conversations.find((c) => c.messages.length === 0);
      if (empty) return set({ activeId: empty.id });
      // A new chat carries on with the current options, except a Pro model the plan no longer allows.
      const inherited = find(get().activeId)?.options ?? DEFAULT_OPTIONS;
      const fresh = newConversation(currentPlan() === 'free' ? { ...inherited, model: FREE_MODEL } : inherited);
      set((s) => ({ conversations: [fresh, ...s.conversations], activeId: fresh.id }));
    },
    select: (id) => set({ activeId: id }),
    setDraft: (id, text) => set((s) => ({ drafts: { ...s.drafts, [id]: text } })),
    setSystemPrompt: (id, systemPrompt) => patch(id, (c) => ({ ...c, systemPrompt })),
    updateOptions(id, change) {
      const conversation = find(id);
      if (!conversation) return;
      const input = { ...inputOf(conversation), ...change };
      set((s) => ({ optionInputs: { ...s.optionInputs, [id]: input } }));
      const { options } = checkOptions(input, currentPlan());
      if (options) patch(id, (c) => ({ ...c, options }));
    },

    send(id) {
      const conversation = find(id);
      const text = get().drafts[id]?.trim() ?? '';
      if (!conversation || !text) return false;
      if (!reply(conversation, [...conversation.messages, newMessage('user', text)])) return false;
      // Only now has the draft become a message, so clearing it loses nothing.
      set((s) => ({ drafts: without(s.drafts, id) }));
      return true;
    },
    regenerate(id) {
      const conversation = find(id);
      const lastUser = conversation?.messages.findLastIndex((m) => m.role === 'user') ?? -1;
      return conversation !== undefined && lastUser !== -1 && reply(conversation, conversation.messages.slice(0, lastUser + 1));
    },
    editAndResend(id, messageId, content) {
      const conversation = find(id);
      const index = conversation?.messages.findIndex((m) => m.id === messageId) ?? -1;
      const original = conversation?.messages[index];
      if (!conversation || !original || original.role !== 'user' || !content.trim()) return false;
      const edited = { ...original, content: content.trim(), createdAt: Date.now() };
      return reply(conversation, [...conversation.messages.slice(0, index), edited]);
    },
    stop(id) {
      const run = get().running[id];
      if (!run) return;
      if (run.streamId) void api.chat.complete.cancel(run.streamId);
      else setRunning(id, { ...run, stopRequested: true });
    },
    receive({ id, event }) {
      const owner = Object.entries(get().running).find(([, run]) => run.streamId === id);
      if (owner) apply(owner[0], event);
      else early.set(id, [...(early.get(id) ?? []), event]);
    },
  };
});

/** The one subscription to completion events; returns its unsubscribe for the app's effect. */
export const subscribeToCompletions = () => api.chat.complete.subscribe((message) => useChat.getState().receive(message));

export const useActiveConversation = () => useChat((s) => s.conversations.find((c) => c.id === s.activeId)!);
