import { create } from 'zustand';
import type { StreamMessage } from '../../shared/contract/client';
import type { WatchEvent } from '../../shared/contract/conversations';
import { api } from '../api';
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

/**
 * Watches main's conversations: one stream for the page, started once. Main first sends the
 * replies it is writing (a reloaded page picks them up mid-sentence), then every change.
 * Returns the stop for the app's effect.
 */
export function watchConversations(): () => void {
  let watchId: string | null = null;
  const early: StreamMessage<WatchEvent>[] = [];
  // One store update for all the events of a frame (see frame-batch.ts).
  const apply = frameBatched((events) => {
    useChat.setState((s) => events.reduce<ChatState>((state, event) => ({ ...state, ...applyWatchEvent(state, event) }), s));
    for (const event of events) if (event.type === 'reply') announceEnd(event.event.type);
  });
  const unsubscribe = api.conversations.watch.subscribe((message) => {
    if (watchId === null) early.push(message);
    else if (message.id === watchId) apply(message.event);
  });
  let stopped = false;
  void api.conversations.watch.start().then(({ id }) => {
    if (stopped) return void api.conversations.watch.cancel(id);
    watchId = id;
    for (const message of early.splice(0)) if (message.id === id) apply(message.event);
  });
  const stop = () => {
    if (stopped) return;
    stopped = true;
    unsubscribe();
    window.removeEventListener('pagehide', stop);
    if (watchId) void api.conversations.watch.cancel(watchId);
  };
  // Electron keeps a reloaded window's connection, so the old page's watch ends as it goes.
  window.addEventListener('pagehide', stop);
  return stop;
}

export const useActiveConversation = () => useChat((s) => s.conversations.find((c) => c.id === s.activeId)!);
