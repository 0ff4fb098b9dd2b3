import { createHash, randomUUID } from 'node:crypto';
import type { Conversation, ConversationMeta } from '../../../../shared/domain/conversation';
import type { HistoryStore } from './history-store';

export type MergeResult = { kind: 'added' | 'copied' | 'unchanged'; conversation: ConversationMeta };

/** Every message of every branch, as stored (which siblings a message has is read from the tree, not compared). */
const tree = ({ messages, otherBranches = [] }: Conversation) => JSON.stringify([messages.map(({ branches: _b, ...message }) => message), otherBranches.map(({ branches: _b, ...message }) => message)]);
const sameMessages = (a: Conversation, b: Conversation) => tree(a) === tree(b);

/** A UUID-shaped id derived from its parts, so the same copy made twice gets the same ids. */
function derivedId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\0')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function current(history: HistoryStore, id: string): Conversation | null {
  try {
    return history.get(id);
  } catch {
    // Unknown, or deleted and waiting to be purged: either way not a copy the user sees.
    return null;
  }
}

const meta = ({ messages: _messages, otherBranches: _other, ...rest }: Conversation): ConversationMeta => rest;

/**
 * Adds a conversation from an import or a backup without ever overwriting what is there. New ids
 * go in as they are; a conversation the history already holds word for word is left alone; any
 * other clash (the user went on writing since, or deleted it) is kept beside the original as a
 * copy with new ids (message ids are unique across conversations). The copy's ids derive from the
 * original id and its messages, so restoring the same backup again finds the copy and adds nothing.
 */
export function mergeConversation(history: HistoryStore, incoming: Conversation): MergeResult {
  const existing = current(history, incoming.id);
  if (existing && sameMessages(existing, incoming)) return { kind: 'unchanged', conversation: meta(existing) };
  const all = [...incoming.messages, ...(incoming.otherBranches ?? [])];
  const taken = history.exists(incoming.id) || all.some((message) => history.messageExists(message.id));
  if (!taken) {
    history.insertWhole(incoming);
    return { kind: 'added', conversation: meta(incoming) };
  }
  const copyId = derivedId(incoming.id, tree(incoming));
  const earlierCopy = current(history, copyId);
  if (earlierCopy) return { kind: 'unchanged', conversation: meta(earlierCopy) };
  // A copy made before and deleted since (its ids still taken until the next start) gets random ids.
  const fresh = history.exists(copyId) ? randomUUID() : copyId;
  const renamed = (id: string) => derivedId(fresh, id);
  const copy = {
    ...incoming,
    id: fresh,
    messages: incoming.messages.map((message) => ({ ...message, id: renamed(message.id) })),
    otherBranches: incoming.otherBranches?.map((message) => ({ ...message, id: renamed(message.id), parentId: message.parentId && renamed(message.parentId) })),
  };
  history.insertWhole(copy);
  return { kind: 'copied', conversation: meta(copy) };
}
