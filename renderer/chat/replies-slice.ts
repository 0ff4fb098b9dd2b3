import type { StateCreator } from 'zustand';
import type { ReplyStarted } from '../../shared/contract/conversations';
import type { ChatOptions } from '../../shared/domain/chat';
import { api } from '../api';
import { useSettings } from '../settings';
import type { ChatState, PendingApproval, RepliesSlice } from './chat-state';
import { heldIds, useHeld } from './held';
import { checkOptions, hasErrors, toInput } from './options';

const currentPlan = () => useSettings.getState().settings?.plan ?? 'free';

/** What the options panel shows, sent with a reply so main answers with what the user sees. */
type Shown = { systemPrompt: string; options: ChatOptions };

/**
 * The renderer's face of main's conversations: each action sends one intent (the user's
 * words and choices) and never what the model is sent; main builds that from the stored
 * history and reports the reply on the watch stream (live-events.ts).
 */
export const createRepliesSlice: StateCreator<ChatState, [], [], RepliesSlice> = (set, get) => {
  const find = (id: string) => get().conversations.find((c) => c.id === id);
  const isSaved = (id: string) => get().listed.some((c) => c.id === id);

  function shownSettings(id: string): Shown | null {
    const conversation = find(id);
    if (!conversation) return null;
    const { options, errors } = checkOptions(get().optionInputs[id] ?? toInput(conversation.options), currentPlan());
    return options && !hasErrors(errors) ? { systemPrompt: conversation.systemPrompt, options } : null;
  }

  /**
   * Sends one intent unless a reply is running. The conversation shows as busy at once (so a
   * second click cannot send twice); main's `started` event then names the reply.
   */
  function ask(id: string, intent: () => Promise<ReplyStarted>, after: { sent?(started: ReplyStarted): void; refused?(): void } = {}) {
    if (get().running[id]) return false;
    set((s) => ({ running: { ...s.running, [id]: { messageId: '', text: '', approvals: [] } } }));
    const clearPlaceholder = () =>
      set((s) => {
        if (s.running[id]?.messageId !== '') return {};
        const { [id]: _placeholder, ...running } = s.running;
        return { running };
      });
    intent().then(
      (started) => {
        clearPlaceholder();
        if (get().storageProblem?.kind === 'send') set({ storageProblem: null });
        after.sent?.(started);
      },
      (error: unknown) => {
        clearPlaceholder();
        after.refused?.();
        set({ storageProblem: { kind: 'send', cause: 'send', error } });
      },
    );
    return true;
  }

  return {
    running: {},
    steps: {},

    send(id) {
      const text = get().drafts[id]?.trim() ?? '';
      const shown = shownSettings(id);
      if (!text || !shown) return false;
      const saved = isSaved(id);
      const attached = heldIds(id);
      const sent = ask(id, () => api.conversations.send({ conversationId: saved ? id : null, text, ...(attached.length > 0 && { attached }), ...shown }), {
        sent({ conversationId }) {
          // Main holds them for the conversation now: the composer lets them go.
          useHeld.getState().sent(id);
          if (saved) return;
          // The new chat became a saved conversation: show it in its place.
          set((s) => {
            const { [id]: _typed, ...optionInputs } = s.optionInputs;
            // "New chat" makes the next one, with the options of the chat it is pressed in.
            return {
              conversations: s.conversations.filter((c) => c.id !== id),
              optionInputs,
              activeId: s.activeId === id ? conversationId : s.activeId,
            };
          });
        },
        // Nothing the user typed is lost: the draft comes back unless they have typed again.
        refused: () => !get().drafts[id] && get().setDraft(id, text),
      });
      if (sent) get().setDraft(id, '');
      return sent;
    },
    regenerate(id) {
      const shown = shownSettings(id);
      return !!shown && ask(id, () => api.conversations.regenerate({ conversationId: id, ...shown }));
    },
    sendFirstPart(id, itemId) {
      return ask(id, () => api.conversations.sendFirstPart({ conversationId: id, itemId }));
    },
    sendSummary(id, itemId) {
      return ask(id, () => api.conversations.sendSummary({ conversationId: id, itemId }));
    },
    editAndResend(id, messageId, content) {
      const shown = shownSettings(id);
      if (!shown || !content.trim()) return false;
      return ask(id, () => api.conversations.edit({ conversationId: id, messageId, text: content, ...shown }));
    },
    retry(id, messageId) {
      const shown = shownSettings(id);
      return !!shown && ask(id, () => api.conversations.retry({ conversationId: id, messageId, ...shown }));
    },
    continueReply(id, messageId) {
      return ask(id, () => api.conversations.continue({ conversationId: id, messageId }));
    },
    async showVersion(id, messageId, version) {
      // Main's watch event brings the shown version to every page, this one included.
      await api.conversations.showVersion({ conversationId: id, messageId, version }).catch((error: unknown) =>
        set({ storageProblem: { kind: 'save', cause: 'version', error } }),
      );
    },
    async showBranch(id, messageId) {
      await api.conversations.showBranch({ conversationId: id, messageId }).catch((error: unknown) =>
        set({ storageProblem: { kind: 'save', cause: 'branch', error } }),
      );
    },
    async branchFrom(id, messageId) {
      try {
        const meta = await api.conversations.branchFrom({ conversationId: id, messageId });
        get().addListed(meta);
        await get().select(meta.id);
      } catch (error) {
        set({ storageProblem: { kind: 'save', cause: 'branchFrom', error } });
      }
    },
    stop(id) {
      // Sent after the intent over the same ordered channel, so main has started the reply it stops.
      if (get().running[id]) void api.conversations.stop({ conversationId: id });
    },
    decideTool(conversationId, callId, decision) {
      const run = get().running[conversationId];
      if (!run?.approvals.some((a) => a.callId === callId && !a.deciding)) return;
      const mark = (change: Partial<PendingApproval>) => {
        const now = get().running[conversationId];
        if (now) set((s) => ({ running: { ...s.running, [conversationId]: { ...now, approvals: now.approvals.map((a) => (a.callId === callId ? { ...a, ...change } : a)) } } }));
      };
      mark({ deciding: true, problem: null });
      // The card goes when main's toolDecision arrives; a refusal leaves it, with the reason.
      api.conversations.decideTool({ conversationId, callId, decision }).catch((error: unknown) => mark({ deciding: false, problem: error }));
    },
  };
};
