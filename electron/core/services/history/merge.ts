import { createHash, randomUUID } from 'node:crypto';
import type { Conversation, ConversationMeta, Message } from '../../../../shared/domain/conversation';
import type { HistoryStore } from './history-store';

export type MergeResult = { kind: 'added' | 'copied' | 'unchanged'; conversation: ConversationMeta };

/** Every message of every branch, as stored (which siblings a message has is read from the tree, not compared). */
const tree = ({ messages, otherBranches = [] }: Conversation) => JSON.stringify([messages.map(({ branches: _b, ...message }) => message), otherBranches.map(({ branches: _b, ...message }) => message)]);

/** A UUID-shaped id derived from its parts, so the same copy made twice gets the same ids. */
function derivedId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\0')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * What a merge needs to know of an incoming conversation without holding its messages: the import
 * worker computes it off main's thread (history-import/), so main compares digests, not trees.
 */
export interface Fingerprint {
  id: string;
  /** Every message id, of every branch. */
  messageIds: string[];
  digest: string;
  /** The id a copy of it gets when its ids are taken. */
  copyId: string;
}

export function fingerprint(conversation: Conversation): Fingerprint {
  const text = tree(conversation);
  return {
    id: conversation.id,
    messageIds: [...conversation.messages, ...(conversation.otherBranches ?? [])].map((message) => message.id),
    digest: createHash('sha256').update(text).digest('hex'),
    copyId: derivedId(conversation.id, text),
  };
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
 * Where an incoming conversation goes, without ever overwriting what is there. New ids go in as
 * they are; a conversation the history already holds word for word is left alone; any other clash
 * (the user went on writing since, or deleted it) is kept beside the original as a copy with new
 * ids (message ids are unique across conversations). The copy's ids derive from the original id
 * and its messages, so restoring the same backup again finds the copy and adds nothing.
 */
export function planMerge(history: HistoryStore, incoming: Fingerprint): { kind: 'unchanged'; conversation: ConversationMeta } | { kind: 'added' | 'copied'; id: string; rename: (id: string) => string } {
  const existing = current(history, incoming.id);
  if (existing && fingerprint(existing).digest === incoming.digest) return { kind: 'unchanged', conversation: meta(existing) };
  const taken = history.exists(incoming.id) || incoming.messageIds.some((id) => history.messageExists(id));
  if (!taken) return { kind: 'added', id: incoming.id, rename: (id) => id };
  const earlierCopy = current(history, incoming.copyId);
  if (earlierCopy) return { kind: 'unchanged', conversation: meta(earlierCopy) };
  // A copy made before and deleted since (its ids still taken until the next start) gets random ids.
  const fresh = history.exists(incoming.copyId) ? randomUUID() : incoming.copyId;
  return { kind: 'copied', id: fresh, rename: (id) => derivedId(fresh, id) };
}

/** A conversation renamed as its plan says (the same ids when it is added as it is); a summary stands for the renamed ids. */
export const renamedMessages = <M extends Message & { parentId?: string | null }>(messages: M[], rename: (id: string) => string): M[] =>
  messages.map((message) => ({
    ...message,
    id: rename(message.id),
    ...(message.parentId !== undefined && { parentId: message.parentId && rename(message.parentId) }),
    ...(message.summary && { summary: { ...message.summary, covers: message.summary.covers.map(rename) } }),
  }));

/** Merges a whole conversation (a backup's) in one transaction, as planMerge says. */
export function mergeConversation(history: HistoryStore, incoming: Conversation): MergeResult {
  const plan = planMerge(history, fingerprint(incoming));
  if (plan.kind === 'unchanged') return plan;
  const copy = {
    ...incoming,
    id: plan.id,
    messages: renamedMessages(incoming.messages, plan.rename),
    otherBranches: incoming.otherBranches && renamedMessages(incoming.otherBranches, plan.rename),
  };
  history.insertWhole(copy);
  return { kind: plan.kind, conversation: meta(copy) };
}
