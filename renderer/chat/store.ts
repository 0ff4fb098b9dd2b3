import { create } from 'zustand';
import type { WatchEvent } from '../../shared/contract/conversations';
import { api } from '../api';
import { watchStream } from '../api/watch';
import { announce } from '../common/announcer';
import { i18n } from '../i18n';
import type { ChatState } from './chat-state';
import { createConversationsSlice } from './conversations-slice';
import { frameBatched } from './frame-batch';
import { applyWatchEvent } from './live-events';
import { createRepliesSlice } from './replies-slice';

/** One store for the chat feature, written as two slices: the conversations, and the replies main is writing. */
export const useChat = create<ChatState>()((...args) => ({
  ...createConversationsSlice(...args),
  ...createRepliesSlice(...args),
}));

const ENDINGS = { done: 'chat:announce.done', stopped: 'chat:announce.stopped', failed: 'chat:announce.failed' } as const;

/** A reply's end is the milestone a screen reader hears, said once in the language of that moment; its words are read from the message itself. */
function announceEnd(type: string) {
  if (type in ENDINGS) announce(i18n.t(ENDINGS[type as keyof typeof ENDINGS]));
}

/** A conversation deleted in another window while open in this one: the page says so and moves to a new chat. */
function leaveRemoved(id: string) {
  const chat = useChat.getState();
  if (chat.activeId !== id) return;
  const title = chat.listed.find((c) => c.id === id)?.title || undefined;
  chat.newConversation();
  useChat.setState({ storageProblem: { kind: 'open', cause: 'removed', title } });
}

/**
 * Watches main's conversations: one stream for the page, started once. Main first sends the
 * replies it is writing (a reloaded page picks them up mid-sentence), then every change.
 * Returns the stop for the app's effect.
 */
export function watchConversations(): () => void {
  // One store update for all the events of a frame (see frame-batch.ts).
  const apply = frameBatched((events: WatchEvent[]) => {
    for (const event of events) if (event.type === 'removed') leaveRemoved(event.conversationId);
    // A repair that ended before this watch began is told by no event: a start's reading that failed is read again.
    const startFailed = useChat.getState().storageProblem?.cause === 'start';
    const reread = events.some((event) => event.type === 'repaired' || (event.type === 'replies' && startFailed));
    useChat.setState((s) => events.reduce<ChatState>((state, event) => ({ ...state, ...applyWatchEvent(state, event) }), s));
    if (reread) void useChat.getState().reloadHistory();
    const { activeId, reopen } = useChat.getState();
    if (events.some((event) => event.type === 'path' && event.conversationId === activeId)) void reopen(activeId);
    for (const event of events) if (event.type === 'reply') announceEnd(event.event.type);
  });
  return watchStream(api.conversations.watch, apply);
}

export const useActiveConversation = () => useChat((s) => s.conversations.find((c) => c.id === s.activeId)!);
