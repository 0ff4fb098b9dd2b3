import { create } from 'zustand';
import type { WatchEvent } from '../../shared/contract/conversations';
import { api } from '../api';
import { watchStream } from '../api/watch';
import type { ChatState } from './chat-state';
import { createConversationsSlice } from './conversations-slice';
import { applyWatchEvent } from './live-events';
import { createRepliesSlice } from './replies-slice';

/** One store for the chat feature, written as two slices: the conversations, and the replies main is writing. */
export const useChat = create<ChatState>()((...args) => ({
  ...createConversationsSlice(...args),
  ...createRepliesSlice(...args),
}));

/** Watches main's conversations: the replies it is writing, then every change. Returns the stop. */
export const watchConversations = (): (() => void) =>
  watchStream(api.conversations.watch, (event: WatchEvent) => useChat.setState((s) => applyWatchEvent(s, event)));

export const useActiveConversation = () => useChat((s) => s.conversations.find((c) => c.id === s.activeId)!);
