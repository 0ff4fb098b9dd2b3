import type { StateCreator } from 'zustand';
import { type CompletionEvent, type ToolDecision, toolResultMessage } from '../../shared/contract/chat';
import type { ToolRef } from '../../shared/domain/chat';
import type { JsonReading } from '../../shared/domain/json';
import type { StreamMessage } from '../../shared/contract/client';
import type { Conversation, Message } from '../../shared/domain/conversation';
import { api } from '../api';
import { useSettings } from '../settings';
import { upsert, metaOf } from './listing';
import { checkOptions, hasErrors, toInput } from './options';
import { inOrder } from './persist';
import { bridgeFailure, newMessage } from './records';
import type { ChatState } from './store';
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
  /** Tool calls main is waiting on the user to decide, in the order asked. */
  approvals: PendingApproval[];
}

/** A `toolApproval` not yet decided; `deciding` while the decision is on its way to main. */
export interface PendingApproval {
  callId: string;
  tool: ToolRef;
  arguments: JsonReading;
  deciding: boolean;
  /** Why main refused the decision, if it did. */
  problem: string | null;
}

/** How a call was decided in this session (`automatic`: a rule in Settings allowed or blocked it, nobody was asked). */
export interface CallDecision {
  decision: ToolDecision;
  automatic: boolean;
}

type Outcome = Pick<Message, 'state'> & Partial<Pick<Message, 'usage' | 'failure' | 'model'>>;

export interface RepliesSlice {
  /** By conversation id. */
  running: Record<string, RunningReply>;
  /** A reply's step ("Step 2 of 8") by assistant message id, for replies that used tools this session. */
  steps: Record<string, { step: number; maxSteps: number }>;
  /** By tool call id, for calls decided this session. */
  decisions: Record<string, CallDecision>;
  /** Answers a waiting tool call: run it once, refuse it, or run it and this tool from now on in this conversation. */
  decideTool(conversationId: string, callId: string, decision: ToolDecision): void;
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

/** The title follows the first message, until the user renames the conversation. */
const titleAfter = (conversation: Conversation, messages: Message[]) =>
  conversation.title === titleOf(conversation.messages) ? titleOf(messages) : conversation.title;

export const createRepliesSlice: StateCreator<ChatState, [], [], RepliesSlice> = (set, get) => {
  // Main may send a stream's first events before the start call's answer arrives (a request
  // that fails at once); they wait here until the stream id is known.
  const early = new Map<string, CompletionEvent[]>();

  const find = (id: string) => get().conversations.find((c) => c.id === id);
  const setRunning = (id: string, run: RunningReply) => set((s) => ({ running: { ...s.running, [id]: run } }));

  /**
   * Answers `history` (ending with a user message), replacing whatever followed it. `save`
   * brings main's history to `history` first; main then records the reply itself as it grows.
   */
  function reply(conversation: Conversation, history: Message[], save: (title: string) => Promise<unknown>): boolean {
    if (get().running[conversation.id]) return false;
    const { options, errors } = checkOptions(get().optionInputs[conversation.id] ?? toInput(conversation.options), currentPlan());
    if (!options || hasErrors(errors)) return false;
    const answer = newMessage('assistant', '', options.model);
    const run: RunningReply = { messageId: answer.id, streamId: null, text: '', stopRequested: false, approvals: [] };
    // A conversation opened a page at a time keeps its title: its first message is not among those loaded.
    const partial = !!get().earlier[conversation.id];
    const title = partial ? conversation.title : titleAfter(conversation, history);
    const updated = { ...conversation, title, messages: [...history, answer], updatedAt: Date.now() };
    set((s) => ({
      conversations: s.conversations.map((c) => (c.id === conversation.id ? updated : c)),
      listed: upsert(s.listed, metaOf(updated)),
      running: { ...s.running, [conversation.id]: run },
    }));
    const target = { conversationId: conversation.id, messageId: answer.id };
    // The start is queued too: main records into the conversation, so no later write (a
    // delete, say) may reach main before it.
    inOrder(conversation.id, async () => {
      // The service is sent the whole conversation, so messages not loaded yet are loaded first.
      let whole = history;
      if (partial) {
        await get().loadAll(conversation.id);
        const loaded = find(conversation.id)?.messages ?? [];
        const at = loaded.findIndex((m) => m.id === answer.id);
        if (at === -1 || get().earlier[conversation.id]) throw new Error('The earlier messages of this conversation could not be loaded.');
        whole = loaded.slice(0, at);
      }
      await save(updated.title);
      return api.chat.complete.start({ ...options, messages: wireMessages(conversation.systemPrompt, whole), save: target });
    }).then(
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
      case 'toolCalls':
        // The current message is complete and asks for tools; its text stays in `run` until the next step.
        return patchMessages(conversationId, (messages) =>
          messages.map((m) =>
            m.id === run.messageId
              ? { ...m, content: run.text, toolCalls: event.calls, usage: event.usage, state: 'complete' as const, ...(event.model && { model: event.model }) }
              : m,
          ),
        );
      case 'toolApproval': {
        const pending: PendingApproval = { callId: event.callId, tool: event.tool, arguments: event.arguments, deciding: false, problem: null };
        return setRunning(conversationId, { ...run, approvals: [...run.approvals.filter((a) => a.callId !== event.callId), pending] });
      }
      case 'toolDecision': {
        setRunning(conversationId, { ...run, approvals: run.approvals.filter((a) => a.callId !== event.callId) });
        set((s) => ({ decisions: { ...s.decisions, [event.callId]: { decision: event.decision, automatic: event.automatic } } }));
        return;
      }
      case 'toolResult': {
        const result = toolResultMessage(event, Date.now());
        return patchMessages(conversationId, (messages) => [...messages, result]);
      }
      case 'step': {
        const previous = find(conversationId)?.messages.find((m) => m.id === run.messageId);
        const next = { ...newMessage('assistant', '', previous?.model ?? null), id: event.messageId };
        setRunning(conversationId, { ...run, messageId: event.messageId, text: '', approvals: [] });
        set((s) => ({
          steps: {
            ...s.steps,
            [run.messageId]: s.steps[run.messageId] ?? { step: event.step - 1, maxSteps: event.maxSteps },
            [event.messageId]: { step: event.step, maxSteps: event.maxSteps },
          },
        }));
        return patchMessages(conversationId, (messages) => [...messages, next]);
      }
    }
  }

  function patchMessages(conversationId: string, change: (messages: Message[]) => Message[]) {
    set((s) => ({ conversations: s.conversations.map((c) => (c.id === conversationId ? { ...c, messages: change(c.messages) } : c)) }));
  }

  /** Moves the running text into its message, which keeps whatever arrived however the reply ended. */
  function finish(conversationId: string, outcome: Outcome) {
    const run = get().running[conversationId];
    if (!run) return;
    // Main has recorded the same ending before it sent it here, so nothing is written back.
    set((s) => ({
      running: without(s.running, conversationId),
      conversations: s.conversations.map((c) =>
        c.id === conversationId
          ? { ...c, messages: c.messages.map((m) => (m.id === run.messageId ? { ...m, content: run.text, ...outcome } : m)) }
          : c,
      ),
    }));
  }

  return {
    running: {},
    steps: {},
    decisions: {},

    send(id) {
      const conversation = find(id);
      const text = get().drafts[id]?.trim() ?? '';
      if (!conversation || !text) return false;
      const message = newMessage('user', text);
      const saved = get().listed.some((c) => c.id === id);
      const { systemPrompt, options } = conversation;
      const sent = reply(conversation, [...conversation.messages, message], async (title) => {
        // A conversation reaches the history with its first message, so blank chats never do.
        if (!saved) await api.history.create({ id, title, systemPrompt, options });
        else if (title !== conversation.title) await api.history.update({ id, title });
        await api.history.putMessage({ conversationId: id, message });
      });
      // Only now has the draft become a message, so clearing it loses nothing.
      if (sent) set((s) => ({ drafts: without(s.drafts, id) }));
      return sent;
    },
    regenerate(id) {
      const conversation = find(id);
      const lastUser = conversation?.messages.findLastIndex((m) => m.role === 'user') ?? -1;
      if (!conversation || lastUser === -1) return false;
      const history = conversation.messages.slice(0, lastUser + 1);
      return reply(conversation, history, () => api.history.truncateAfter({ conversationId: id, messageId: history[lastUser]!.id }));
    },
    editAndResend(id, messageId, content) {
      const conversation = find(id);
      const index = conversation?.messages.findIndex((m) => m.id === messageId) ?? -1;
      const original = conversation?.messages[index];
      if (!conversation || !original || original.role !== 'user' || !content.trim()) return false;
      // Same id: main replaces the message in place, then drops everything after it.
      const edited = { ...original, content: content.trim() };
      return reply(conversation, [...conversation.messages.slice(0, index), edited], async (title) => {
        if (title !== conversation.title) await api.history.update({ id, title });
        await api.history.putMessage({ conversationId: id, message: edited });
        await api.history.truncateAfter({ conversationId: id, messageId });
      });
    },
    stop(id) {
      const run = get().running[id];
      if (!run) return;
      if (run.streamId) void api.chat.complete.cancel(run.streamId);
      else setRunning(id, { ...run, stopRequested: true });
    },
    decideTool(conversationId, callId, decision) {
      const run = get().running[conversationId];
      if (!run?.streamId || !run.approvals.some((a) => a.callId === callId && !a.deciding)) return;
      const mark = (change: Partial<PendingApproval>) => {
        const now = get().running[conversationId];
        if (now) setRunning(conversationId, { ...now, approvals: now.approvals.map((a) => (a.callId === callId ? { ...a, ...change } : a)) });
      };
      mark({ deciding: true, problem: null });
      // The card goes when main's toolDecision arrives; a refusal leaves it, with the reason.
      api.chat.decideTool({ streamId: run.streamId, callId, decision }).catch((error: unknown) =>
        mark({ deciding: false, problem: error instanceof Error ? error.message : String(error) }),
      );
    },
    receive({ id, event }) {
      const owner = Object.entries(get().running).find(([, run]) => run.streamId === id);
      if (owner) apply(owner[0], event);
      else early.set(id, [...(early.get(id) ?? []), event]);
    },
  };
};
