import type { WatchEvent } from '../../shared/contract/conversations';
import type { Message } from '../../shared/domain/conversation';
import type { ChatState, PendingApproval, RunningReply } from './chat-state';
import { upsert, withMeta } from './listing';

const without = <T>(record: Record<string, T>, key: string) => {
  const { [key]: _removed, ...rest } = record;
  return rest;
};

/** Adds messages, or replaces those with the same id where they stand. */
function upsertMessages(messages: Message[], changed: Message[]): Message[] {
  const byId = new Map(changed.map((m) => [m.id, m]));
  const kept = messages.map((m) => byId.get(m.id) ?? m);
  const known = new Set(messages.map((m) => m.id));
  return [...kept, ...changed.filter((m) => !known.has(m.id))];
}

const pending = (approval: Pick<PendingApproval, 'callId' | 'tool' | 'arguments'>): PendingApproval => ({ ...approval, deciding: false, problem: null });

/**
 * What one event of main's watch stream changes in the view. Main has already stored every
 * change it reports; this only mirrors it, and only in conversations this page has loaded.
 */
export function applyWatchEvent(s: ChatState, event: WatchEvent): Partial<ChatState> {
  const patchMessages = (id: string, change: (messages: Message[]) => Message[]) =>
    s.conversations.map((c) => (c.id === id ? { ...c, messages: change(c.messages) } : c));

  switch (event.type) {
    case 'replies': {
      // A fresh watch: main's replies as they stand replace whatever this page thought was running.
      const running: Record<string, RunningReply> = Object.fromEntries(
        event.replies.map((r) => [r.conversationId, { messageId: r.messageId, text: r.text, approvals: r.approvals.map(pending) }]),
      );
      const steps = Object.fromEntries(event.replies.flatMap((r) => (r.step ? [[r.messageId, r.step]] : [])));
      return { running, steps: { ...s.steps, ...steps } };
    }
    case 'started': {
      const { conversation: meta, messages } = event;
      const answer = messages.at(-1)!;
      const loaded = s.conversations.some((c) => c.id === meta.id);
      const truncate = (list: Message[]) => {
        const at = event.truncateAfter ? list.findIndex((m) => m.id === event.truncateAfter) : -1;
        // An edit's new branch takes the edited message's place; the old one stays in main.
        const from = event.replacedFrom ? list.findIndex((m) => m.id === event.replacedFrom) : -1;
        return from !== -1 ? list.slice(0, from) : at === -1 ? list : list.slice(0, at + 1);
      };
      return {
        listed: upsert(s.listed, meta),
        conversations: loaded
          ? s.conversations.map((c) => (c.id === meta.id ? { ...c, ...meta, messages: upsertMessages(truncate(c.messages), messages) } : c))
          : event.created
            ? [...s.conversations, { ...meta, messages }]
            : s.conversations,
        running: { ...s.running, [meta.id]: { messageId: answer.id, text: answer.content, approvals: [] } },
      };
    }
    case 'message':
      return { conversations: patchMessages(event.conversationId, (messages) => upsertMessages(messages, [event.message])) };
    case 'listed': {
      // A conversation open here takes what the sidebar and header show. Its system prompt and
      // options are this page's own while they are typed: main's echo of a save in flight would
      // put an older text back under the caret and lose what was typed meanwhile.
      const { title, pinned, updatedAt, attachment } = event.conversation;
      return { ...withMeta(s, event.conversation.id, { title, pinned, updatedAt, attachment }), listed: upsert(s.listed, event.conversation) };
    }
    case 'removed':
      // The page moved off it first when it was open here (store.ts).
      return {
        listed: s.listed.filter((c) => c.id !== event.conversationId),
        conversations: s.conversations.filter((c) => c.id !== event.conversationId || c.id === s.activeId),
        running: without(s.running, event.conversationId),
      };
    case 'path':
      // Another branch shown: the open conversation is read again (store.ts), any other when next opened.
      return { conversations: s.conversations.filter((c) => c.id !== event.conversationId || c.id === s.activeId) };
    case 'unsaved':
      if (event.refusal) return { storageProblem: { kind: 'reply', cause: 'unsaved', refusal: event.refusal } };
      return s.storageProblem?.kind === 'reply' ? { storageProblem: null } : {};
    case 'repaired':
      // The views read the history again (store.ts); the count tells the search to run again.
      return { repairs: s.repairs + 1 };
    case 'reply':
      break;
  }

  const { conversationId: id, event: reply } = event;
  const run = s.running[id];
  if (!run) return {};
  const update = (change: Partial<RunningReply>) => ({ running: { ...s.running, [id]: { ...run, ...change } } });
  switch (reply.type) {
    case 'delta':
      return update({ text: run.text + reply.text });
    case 'toolApproval':
      return update({ approvals: [...run.approvals.filter((a) => a.callId !== reply.callId), pending(reply)] });
    case 'toolDecision':
      // The decision itself comes with the asking message (main keeps it with the call).
      return update({ approvals: run.approvals.filter((a) => a.callId !== reply.callId) });
    case 'step':
      return {
        ...update({ messageId: reply.messageId, text: '', approvals: [] }),
        steps: {
          ...s.steps,
          [run.messageId]: s.steps[run.messageId] ?? { step: reply.step - 1, maxSteps: reply.maxSteps },
          [reply.messageId]: { step: reply.step, maxSteps: reply.maxSteps },
        },
      };
    case 'done':
    case 'stopped':
    case 'failed':
      return { running: without(s.running, id) };
    case 'toolCalls':
    case 'toolResult':
      // Main sends the messages these wrote as `message` events.
      return {};
  }
}
