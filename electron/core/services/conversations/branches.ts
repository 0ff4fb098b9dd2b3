import { randomUUID } from 'node:crypto';
import type { WatchEvent } from '../../../../shared/contract/conversations';
import type { ConversationMeta, Message } from '../../../../shared/domain/conversation';
import { Problem } from '../../../../shared/domain/problem';
import type { HistoryStore } from '../history/history-store';
import { renamedMessages } from '../history/merge';

/** The message `message` follows on the path (null: it is the first), which an edit's new branch goes under. */
export function parentOf(path: readonly Message[], message: Message): string | null {
  const index = path.findIndex((m) => m.id === message.id);
  return index > 0 ? path[index - 1]!.id : null;
}

/**
 * The intents on a conversation's branches (history/branches.ts keeps the tree): which one is
 * shown, and a new conversation from part of one.
 */
export function branchIntents(deps: {
  history: HistoryStore;
  tell: (event: WatchEvent) => void;
  idle: (conversationId: string) => void;
  /** The copied messages with copies of the held items they carried (carried-items.ts), so the new conversation's requests carry them. */
  copied: (from: string, to: string, messages: readonly Message[], copies: Message[]) => Promise<Message[]>;
}) {
  const { history } = deps;
  return {
    /**
     * Shows the branch through `messageId` (a sibling chosen with ‹ ›, a search hit in an older
     * branch); what the model is sent follows it. Every page showing the conversation reads it again.
     */
    showBranch(input: { conversationId: string; messageId: string }): boolean {
      deps.idle(input.conversationId);
      if (!history.messageExists(input.messageId)) throw new Problem('message.gone');
      const changed = history.showBranch(input.conversationId, input.messageId);
      if (changed) deps.tell({ type: 'path', conversationId: input.conversationId });
      return changed;
    },

    /**
     * Branch from here: a new conversation holding a copy of the path up to `messageId`, with the
     * same settings, and copies of the documents and pastes those messages carried.
     */
    async branchFrom(input: { conversationId: string; messageId: string }): Promise<ConversationMeta> {
      const path = history.path(input.conversationId);
      const end = path.findIndex((m) => m.id === input.messageId);
      if (end === -1) throw new Problem('message.gone');
      const { attachment, ...source } = history.meta(input.conversationId);
      const id = randomUUID();
      const copied = path.slice(0, end + 1);
      // A reply being written is copied as it stands, ended: the copy has no reply running.
      const ids = new Map(copied.map((m) => [m.id, randomUUID()]));
      const copies = renamedMessages(copied, (old) => ids.get(old) ?? old).map((m) => (m.state === 'streaming' ? { ...m, state: 'interrupted' as const } : m));
      const messages = await deps.copied(input.conversationId, id, copied, copies);
      const now = Date.now();
      history.insertWhole({ ...source, ...(attachment && { attachment }), id, pinned: false, createdAt: now, updatedAt: now, messages });
      const meta = history.meta(id);
      deps.tell({ type: 'listed', conversation: meta });
      return meta;
    },
  };
}
