import { create } from 'zustand';
import { api } from '../api';
import { type ConversationsSlice, createConversationsSlice } from './conversations-slice';
import { type RepliesSlice, createRepliesSlice } from './replies-slice';

/** One store for the chat feature, written as two slices: the conversations, and the replies being written. */
export type ChatState = ConversationsSlice & RepliesSlice;

export const useChat = create<ChatState>()((...args) => ({
  ...createConversationsSlice(...args),
  ...createRepliesSlice(...args),
}));

/** The one subscription to completion events; returns its unsubscribe for the app's effect. */
export const subscribeToCompletions = () => api.chat.complete.subscribe((message) => useChat.getState().receive(message));

export const useActiveConversation = () => useChat((s) => s.conversations.find((c) => c.id === s.activeId)!);
