import { create } from 'zustand';
import type { WatchEvent } from '../../shared/contract/conversations';
import { api } from '../api';
import { watchStream } from '../api/watch';
import { announce } from '../common/announcer';
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

const ENDINGS: Partial<Record<string, string>> = { done: 'Reply finished.', stopped: 'Reply stopped.', failed: 'The reply failed.' };

/** A reply's end is the milestone a screen reader hears; its words are read from the message itself. */
function announceEnd(type: string) {
  const words = ENDINGS[type];
  if (words) announce(words);
}

/** A conversation deleted in another window while open in this one: the page says so and moves to a new chat. */
function leaveRemoved(id: string) {
  const chat = useChat.getState();
  if (chat.activeId !== id) return;
  const title = chat.listed.find((c) => c.id === id)?.title;
  chat.newConversation();
  useChat.setState({ storageProblem: { kind: 'open', text: `The conversation ${title ? `“${title}” ` : ''}was deleted in another window or tab.` } });
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
    useChat.setState((s) => events.reduce<ChatState>((state, event) => ({ ...state, ...applyWatchEvent(state, event) }), s));
    for (const event of events) if (event.type === 'reply') announceEnd(event.event.type);
  });
  return watchStream(api.conversations.watch, apply);
}

export const useActiveConversation = () => useChat((s) => s.conversations.find((c) => c.id === s.activeId)!);
