import { randomUUID } from 'node:crypto';
import type { CompletionEvent, ToolDecision } from '../../../../shared/contract/chat';
import type { ReplyStarted } from '../../../../shared/contract/conversations';
import type { ChatOptions } from '../../../../shared/domain/chat';
import { type ConversationMeta, type Message, canContinue, lastTurn } from '../../../../shared/domain/conversation';
import { type Plan, planRefusals } from '../../../../shared/domain/plan-rules';
import type { ChatService } from '../completion/chat-service';
import type { HistoryStore } from '../history/history-store';
import { recordReply } from '../completion/reply-recorder';
import { type LiveReplies, type RunningReply, createLiveReplies } from './live-replies';
import { withShownSettings } from './shown-settings';
import { type ChatContext, fittedReplies } from './fitted-reply';
import { showingVersion, versionsAfter } from './versions';
import { titleOf } from './wire';
import { branchIntents, parentOf } from './branches';
import { summaryIntents } from './summaries';
import { ridingAlong, ridingCopies } from './summary-plan';
import type { ModelRequests } from '../model-requests/model-requests';
import { Problem } from '../../../../shared/domain/problem';
import { type HeldDeps, carriedItems } from './carried-items';
import { heldChoiceIntents } from './held-summary';

/** What the options panel showed when the user asked for a reply. */
export type Shown = { systemPrompt?: string; options?: ChatOptions };

/** How a reply changes the stored messages before it starts, as the watch event reports it. */
interface Start {
  created?: boolean;
  truncateAfter?: string | null;
  /**
   * A new branch (an edit, Retry on a user message): what is written goes under `under` (null: a
   * new first message); `leaving` and what follows it leave the page's view (they stay, the old branch).
   */
  branch?: { under: string | null; leaving?: string };
  /** Messages just written (a new or edited user message). */
  added?: Message[];
  /** The message a Continue goes on with; a new assistant message otherwise. */
  continuing?: Message;
  /** The reply this one replaces (Retry, Regenerate): kept among the new one's versions. */
  replacing?: Message;
  /** The held item sent in its first part only (the user's choice when it alone was too long). */
  firstPart?: string;
}

const userMessage = (text: string): Message => ({
  id: randomUUID(),
  role: 'user',
  content: text.trim(),
  state: 'complete',
  usage: null,
  failure: null,
  model: null,
  createdAt: Date.now(),
});

/**
 * Conversations as main runs them. Every change that leads to a reply is an intent carrying
 * only the user's words and choices; the messages the model is sent are built here from the
 * stored history. Replies run in main whether or not a page watches (see live-replies.ts).
 */
export function createConversationService(deps: {
  history: HistoryStore;
  chat: ChatService;
  plan: () => Plan;
  context: ChatContext;
  /** Documents and long pastes a Send attaches; every request of their conversation carries them. */
  held?: HeldDeps;
  /** The model-request layer, which writes summaries of earlier messages (summaries.ts). */
  models: Pick<ModelRequests, 'askText' | 'inParts'>;
  saveIntervalMs?: number;
}) {
  const { history, chat } = deps;
  const fitted = fittedReplies(chat, deps.context);
  const live: LiveReplies = createLiveReplies();
  const carried = carriedItems({ history, held: deps.held, tell: live.broadcast });

  /** Main decides what the plan allows; a page that sends more (hostile or stale) is refused before anything is stored. */
  function allowed(options: ChatOptions | undefined) {
    const [refused] = options ? planRefusals(options, deps.plan()) : [];
    // The first thing the plan does not allow is named; the page warns beside each field before sending.
    if (refused?.field === 'model') throw new Problem('plan.model_not_allowed', { model: refused.model });
    if (refused?.field === 'jsonMode') throw new Problem('plan.json_mode_not_allowed');
    if (refused?.field === 'tools') throw new Problem('plan.tools_not_allowed');
  }

  function idle(conversationId: string) {
    if (live.get(conversationId)) throw new Problem('reply.running');
    // A reply the disk refused is part of what the model is sent next: written first, if the disk takes it now.
    live.writeHeld();
  }

  /** Brings the stored history from `stored` to `messages` (ending where the reply goes), then answers it. */
  function reply(meta: ConversationMeta, stored: Message[], messages: Message[], start: Start): ReplyStarted {
    allowed(meta.options);
    let answer: Message = start.continuing
      ? { ...start.continuing, state: 'streaming', failure: null }
      : {
          id: randomUUID(),
          role: 'assistant',
          content: '',
          state: 'streaming',
          usage: null,
          failure: null,
          model: meta.options.model,
          createdAt: Date.now(),
          ...(versionsAfter(start.replacing) && { versions: versionsAfter(start.replacing) }),
        };
    const riding = start.continuing ? [] : ridingCopies(messages);
    // One commit for all a reply's start writes: it is on the way from Send to the request.
    const recorder = history.batch(() => {
      // The title follows the first user message until the user renames the conversation.
      if (meta.title === titleOf(stored) && titleOf(messages) !== meta.title) meta = history.update(meta.id, { title: titleOf(messages) });
      if (start.branch) history.branchAt(meta.id, start.branch.under);
      for (const message of start.added ?? []) history.putMessage(meta.id, message);
      if (start.truncateAfter) history.truncateAfter(meta.id, start.truncateAfter);
      // A new reply beside others (a Retry's, a Regenerate beside one) comes with its siblings, as the page shows it.
      const under = start.continuing || start.added?.length ? null : (start.branch?.under ?? start.truncateAfter);
      const siblings = under ? history.childIds(meta.id, under) : [];
      if (siblings.length > 0) answer = { ...answer, branches: { siblings: [...siblings, answer.id] } };
      const recording = recordReply(history, meta.id, answer, deps.saveIntervalMs);
      for (const summary of riding) history.putMessage(meta.id, summary);
      return recording;
    });
    const running: RunningReply = { replyId: randomUUID(), controller: new AbortController(), recorder, approvals: [], step: null };
    live.add(meta.id, running);
    live.broadcast({
      type: 'started',
      conversation: history.meta(meta.id),
      created: start.created ?? false,
      truncateAfter: start.truncateAfter ?? null,
      ...(start.branch?.leaving && { replacedFrom: start.branch.leaving }),
      messages: [...history.withSiblings(meta.id, start.added ?? []), answer],
    });
    for (const summary of riding) live.broadcast({ type: 'message', conversationId: meta.id, message: summary });
    const ctx = { id: running.replyId, signal: running.controller.signal, emit: (event: CompletionEvent) => live.apply(meta.id, running, event) };
    // Written on the reply before any event records it (a refusal as too long comes before any text).
    running.ended = fitted.complete(meta, messages, !!start.continuing, ctx, carried.textFor(meta.id), (sent, part) => {
      const current = recorder.current();
      if (sent.messages < sent.of || sent.tooBig || sent.firstPartOf) current.sent = sent;
      else delete current.sent;
      // "Send the beginning" sticks to the item: the next requests carry the same part.
      if (part !== undefined && start.firstPart) carried.sentPart(meta.id, start.firstPart, part);
    }, start.firstPart);
    return { conversationId: meta.id, messageId: answer.id };
  }

  /** Answers the user message at `index` again as a new branch: its old reply and all that followed stay, one ‹ › away. */
  const answerAgain = (meta: ConversationMeta, path: Message[], index: number, firstPart?: string) =>
    reply(meta, path, [...path.slice(0, index + 1), ...ridingAlong(path, index)], { branch: { under: path[index]!.id, leaving: path[index + 1]?.id }, firstPart });

  function regenerate(input: { conversationId: string } & Shown, firstPart?: string): ReplyStarted {
    allowed(input.options);
    idle(input.conversationId);
    const meta = withShownSettings(history, input.conversationId, input);
    const messages = history.path(meta.id);
    const lastUser = messages.findLastIndex((m) => m.role === 'user');
    if (lastUser === -1) throw new Problem('conversation.nothing_to_answer');
    const riding = ridingAlong(messages, lastUser);
    const after = messages.slice(lastUser + 1, messages.length - riding.length);
    // Only a reply's text is a version: tool steps behind it stay with it, as the branch this one leaves.
    if (after.length > 1 || after.some((m) => m.toolCalls?.length)) return answerAgain(meta, messages, lastUser, firstPart);
    const replacing = after.findLast((m) => m.role === 'assistant');
    return reply(meta, messages, [...messages.slice(0, lastUser + 1), ...riding], { truncateAfter: messages[lastUser]!.id, replacing, firstPart });
  }

  return {
    watch: live.watch,
    /** Tells every page of a change to the list made outside a reply (see `watchEventSchema`). */
    tell: live.broadcast,

    send(input: { conversationId: string | null; text: string; attached?: string[] } & Shown): ReplyStarted {
      allowed(input.options);
      const attached = input.attached ?? [];
      deps.held?.check(attached);
      if (input.conversationId === null) {
        if (!input.options) throw new Error('A new conversation needs its options.');
        const now = Date.now();
        const meta = history.create({
          id: randomUUID(),
          title: '',
          systemPrompt: input.systemPrompt ?? '',
          options: input.options,
          pinned: false,
          createdAt: now,
          updatedAt: now,
        });
        const message = carried.carrying(userMessage(input.text), attached);
        deps.held?.bind(attached, meta.id, message.id);
        return reply(meta, [], [message], { created: true, added: [message] });
      }
      idle(input.conversationId);
      const meta = withShownSettings(history, input.conversationId, input);
      const stored = history.path(meta.id);
      const message = carried.carrying(userMessage(input.text), attached);
      deps.held?.bind(attached, meta.id, message.id);
      return reply(meta, stored, [...stored, message], { added: [message] });
    },

    regenerate,

    ...heldChoiceIntents({ ...deps, tokens: deps.context.tokens.raw, model: (id) => history.meta(id).options.model, idle, keepSummary: carried.choose, regenerate }),
    sendWhole: carried.sendWhole,

    /** Shows another version of a reply: it becomes what the conversation says (and the model is sent). */
    showVersion(input: { conversationId: string; messageId: string; version: number }): Message {
      idle(input.conversationId);
      const message = history.path(input.conversationId).find((m) => m.id === input.messageId);
      if (!message) throw new Problem('reply.gone');
      const shown = showingVersion(message, input.version);
      history.putMessage(input.conversationId, shown);
      live.broadcast({ type: 'message', conversationId: input.conversationId, message: shown });
      return shown;
    },

    edit(input: { conversationId: string; messageId: string; text: string } & Shown): ReplyStarted {
      allowed(input.options);
      idle(input.conversationId);
      const meta = withShownSettings(history, input.conversationId, input);
      const messages = history.path(meta.id);
      const index = messages.findIndex((m) => m.id === input.messageId);
      if (messages[index]?.role !== 'user') throw new Problem('message.not_editable');
      // A new message beside the old one: the old branch, with all that followed it, stays. It carries the same items.
      const { attached } = messages[index];
      const edited = { ...userMessage(input.text), ...(attached && { attached }) };
      return reply(meta, messages, [...messages.slice(0, index), edited], { added: [edited], branch: { under: parentOf(messages, messages[index]), leaving: input.messageId } });
    },

    /** Retry on a user message: a new reply to it, in a new branch; the old reply and everything after it stay. */
    retry(input: { conversationId: string; messageId: string } & Shown): ReplyStarted {
      allowed(input.options);
      idle(input.conversationId);
      const meta = withShownSettings(history, input.conversationId, input);
      const messages = history.path(meta.id);
      const index = messages.findIndex((m) => m.id === input.messageId);
      if (index === -1) throw new Problem('message.gone');
      if (messages[index]!.role !== 'user') throw new Problem('conversation.nothing_to_answer');
      return answerAgain(meta, messages, index);
    },

    continue(input: { conversationId: string; messageId: string }): ReplyStarted {
      idle(input.conversationId);
      const meta = history.meta(input.conversationId);
      const messages = history.path(meta.id);
      const last = lastTurn(messages);
      if (last?.id !== input.messageId || !canContinue(last)) {
        throw new Problem('reply.not_continuable');
      }
      return reply(meta, messages, messages, { continuing: last });
    },

    /** Pins a message (always sent, whatever the budget) or unpins it; every page is told. */
    pinMessage(input: { conversationId: string; messageId: string; pinned: boolean }): Message {
      history.pinMessage(input.conversationId, input.messageId, input.pinned);
      const message = history.get(input.conversationId).messages.find((m) => m.id === input.messageId)!;
      live.broadcast({ type: 'message', conversationId: input.conversationId, message });
      return message;
    },

    /** What the next request would carry: the stored path with a message to answer at its end. */
    contextPlan(input: { conversationId: string }) {
      const meta = history.meta(input.conversationId);
      return fitted.view(meta, history.path(meta.id), userMessage('…'), carried.textFor(meta.id));
    },

    ...branchIntents({ history, tell: live.broadcast, idle, copied: carried.copied }),

    ...summaryIntents({
      history,
      models: deps.models,
      leftOut: (id) => fitted.plan(history.meta(id), [...history.path(id), userMessage('…')], carried.textFor(id)).leftOut,
      tell: live.broadcast,
      idle,
    }),

    stop(conversationId: string) {
      live.get(conversationId)?.controller.abort();
    },

    /** Stops every reply and waits until each has recorded how it ended (the app is closing). */
    async close() {
      const replies = live.all();
      for (const reply of replies) reply.controller.abort();
      await Promise.allSettled(replies.map((reply) => reply.ended));
    },

    decideTool(conversationId: string, callId: string, decision: ToolDecision) {
      const running = live.get(conversationId);
      if (!running) throw new Problem('tools.not_waiting');
      chat.decide(running.replyId, callId, decision);
    },
  };
}

export type ConversationService = ReturnType<typeof createConversationService>;
