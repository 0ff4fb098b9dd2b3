import { useEffect } from 'react';
import { create } from 'zustand';
import type { ContextPlanView } from '../../shared/domain/context-budget';
import type { Conversation } from '../../shared/domain/conversation';
import { api } from '../api';
import { NEW_CHAT_ID } from './records';
import { useChat } from './store';
import { useSettings } from '../settings';

interface Shown extends Omit<ContextPlanView, 'leftOut'> {
  leftOut: ReadonlySet<string>;
}

/** What main says the next request of each conversation carries; the page only shows it. */
export const useContextPlans = create<{ plans: Record<string, Shown> }>(() => ({ plans: {} }));

/**
 * Asks main again whenever what the next request carries may have changed: a message added,
 * a reply ended, a pin, another budget. The page never works it out itself (main decides).
 */
export function useFollowContextPlan(conversation: Conversation) {
  const { id, messages, options } = conversation;
  const last = messages.at(-1);
  const pins = messages.reduce((count, message) => count + (message.pinned ? 1 : 0), 0);
  // The default in Settings counts too: a conversation that sets no budget follows it.
  const fallback = useSettings((s) => s.settings?.contextBudget);
  // An edited summary changes the tokens sent in its place.
  const summary = messages.findLast((message) => message.summary)?.content;
  const key = [messages.length, last?.id, last?.state, pins, summary, JSON.stringify(options.context ?? fallback ?? null)].join(' ');
  useEffect(() => {
    if (id === NEW_CHAT_ID || messages.length === 0) return;
    let current = true;
    api.conversations
      .contextPlan({ conversationId: id })
      .then((plan) => {
        if (current) useContextPlans.setState((s) => ({ plans: { ...s.plans, [id]: { ...plan, leftOut: new Set(plan.leftOut) } } }));
      })
      // Only a line of information: a conversation deleted meanwhile simply shows none.
      .catch(() => undefined);
    return () => {
      current = false;
    };
    // `key` sums up what changes the plan; the messages themselves change with every streamed word.
  }, [id, key]);
}

export const useContextPlan = (conversationId: string) => useContextPlans((s) => s.plans[conversationId]);
export const useLeftOut = (conversationId: string, messageId: string) => useContextPlans((s) => s.plans[conversationId]?.leftOut.has(messageId) ?? false);

/** Pins or unpins a message in main; the watch's `message` event brings it back to every page. */
export function pinMessage(conversationId: string, messageId: string, pinned: boolean) {
  void api.conversations
    .pinMessage({ conversationId, messageId, pinned })
    .catch((error: unknown) => useChat.setState({ storageProblem: { kind: 'save', cause: 'save', error } }));
}

/** Summarize earlier messages: main writes the summary and every page gets it as a `message` event; a refusal is the caller's to show. */
export const summarizeLeftOut = (conversationId: string) => api.conversations.summarize({ conversationId });

/** The user's words for a summary; main keeps the text it replaces as a version. */
export const editSummary = (conversationId: string, messageId: string, text: string) => api.conversations.editSummary({ conversationId, messageId, text });
