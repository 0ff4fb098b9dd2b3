import type { Conversation, ConversationMeta } from '../../shared/domain/conversation';

/** The two places a conversation's metadata lives: the sidebar's list, and the loaded conversations. */
export interface Lists {
  /** Every saved conversation, in sidebar order. */
  listed: ConversationMeta[];
  /** Conversations whose messages are here: opened this session, or new and not saved yet. */
  conversations: Conversation[];
}

/** The sidebar's order, the same as main's list: pinned first, then the most recently active. */
export const byRecency = (a: ConversationMeta, b: ConversationMeta) =>
  Number(b.pinned) - Number(a.pinned) || b.updatedAt - a.updatedAt || b.createdAt - a.createdAt;

/** Adds a conversation to the list, or replaces its entry. */
export const upsert = (listed: ConversationMeta[], meta: ConversationMeta) =>
  [...listed.filter((c) => c.id !== meta.id), meta].sort(byRecency);

/** Applies a metadata change wherever the conversation is kept, so the sidebar and the header agree. */
export function withMeta(s: Lists, id: string, change: Partial<ConversationMeta>): Lists {
  return {
    listed: s.listed.map((c) => (c.id === id ? { ...c, ...change } : c)).sort(byRecency),
    conversations: s.conversations.map((c) => (c.id === id ? { ...c, ...change } : c)),
  };
}
