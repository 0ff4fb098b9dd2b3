import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { BranchMessage, Conversation, ConversationMeta, ConversationSummary, Message } from '../../../../shared/domain/conversation';
import type { SearchHit } from '../../../../shared/contract/history';
import { type DiskProbe, guardStorage } from './storage-guard';
import { deletionRecord } from './deletions';
import { openDatabase } from './database';
import type { BeforeMigrating } from './migrations';
import { PATH, WHOLE, branchQueries } from './branches';
import { pathCache } from './path-cache';
import { type ConversationRow, type MessageRow, messageParams, toMessage, toMeta, toSummary } from './rows';
import { notesTable } from './notes';
import { translationsTable } from './translations';
import { peopleTable } from './people';
import { searchHistory } from './search';
import { transcriptTable } from './transcripts';
import { inTransaction, statementCache } from '../storage/sqlite-transaction';
import { Problem } from '../../../../shared/domain/problem';

export type ReplyUpdate = Pick<Message, 'content' | 'state' | 'usage' | 'failure' | 'model' | 'toolCalls' | 'sent'>;

/**
 * Conversations and messages in SQLite. Every write is one statement or one transaction,
 * so a crash leaves either the old or the new state. Opening the store marks replies that
 * were streaming when the app died as interrupted and purges conversations whose deletion
 * was not undone.
 */
export function createHistoryStore(
  path: string,
  options: { afterCrash?: boolean; beforeMigrating?: BeforeMigrating; onDamage?: (repaired: () => void) => void; probe?: DiskProbe } = {},
) {
  const opened = openDatabase(path, {
    thorough: options.afterCrash ?? false,
    beforeMigrating: options.beforeMigrating,
    atStart: (started) => {
      started.exec(`UPDATE messages SET state = 'interrupted' WHERE state = 'streaming'`);
      started.exec('DELETE FROM conversations WHERE deleted_at IS NOT NULL');
    },
  });
  const { problem, salvaged } = opened;
  const repairedListeners = new Set<() => void>();
  const db = options.onDamage ? guardStorage(opened.db, path, options.onDamage, options.probe) : opened.db;

  const transaction = <T>(work: () => T): T => inTransaction(db, work);
  const sql = statementCache(db);
  const deletions = deletionRecord(db);
  const touch = (id: string, at = Date.now()) => sql('UPDATE conversations SET updated_at = ? WHERE id = ?').run(at, id);
  const meta = (id: string) => {
    const row = sql('SELECT * FROM conversations WHERE id = ? AND deleted_at IS NULL').get(id) as ConversationRow | undefined;
    if (!row) throw new Problem('conversation.gone');
    return toMeta(row);
  };

  const branches = branchQueries(sql);
  const pathRows = (conversation: string, order: string, where = '', extra: Record<string, SQLInputValue> = {}) =>
    (sql(`${PATH} SELECT m.* FROM path CROSS JOIN messages m ON m.id = path.id ${where} ORDER BY path.depth ${order}`).all({ conversation, steps: WHOLE, ...extra }) as unknown as MessageRow[]).map(toMessage);
  const currentPath = pathCache(db, (id) => pathRows(id, 'DESC'));

  /** Writes a message; one not stored yet goes under `parent` (a branch's tip, the path's leaf by default) and ends the path. */
  function insertMessage(conversationId: string, message: Message, parent?: string | null) {
    const added = !sql('SELECT 1 FROM messages WHERE id = ?').get(message.id);
    const parentId = parent !== undefined ? parent : ((sql('SELECT current_leaf FROM conversations WHERE id = ?').get(conversationId)?.current_leaf as string | null) ?? null);
    sql(
      `INSERT INTO messages (id, conversation_id, position, role, content, state, usage, failure, model, created_at,
                             tool_calls, tool_call_id, tool_outcome, versions, pinned, sent, summary, attached, parent_id)
       VALUES (:id, :conversation_id, (SELECT COALESCE(MAX(position), 0) + 1 FROM messages WHERE conversation_id = :conversation_id),
               :role, :content, :state, :usage, :failure, :model, :created_at, :tool_calls, :tool_call_id, :tool_outcome, :versions, :pinned, :sent, :summary, :attached, :parent_id)
       ON CONFLICT(id) DO UPDATE SET content = excluded.content, state = excluded.state, usage = excluded.usage,
               failure = excluded.failure, model = excluded.model, created_at = excluded.created_at, tool_calls = excluded.tool_calls,
               tool_call_id = excluded.tool_call_id, tool_outcome = excluded.tool_outcome, versions = excluded.versions,
               pinned = excluded.pinned, sent = excluded.sent, summary = excluded.summary, attached = excluded.attached`,
    ).run({ ...messageParams(message), conversation_id: conversationId, parent_id: parentId });
    if (added && parent === undefined) branches.growFrom(conversationId, message.id);
  }

  /** Messages on the path (each under the last), then other branches' (from the file's otherBranches[from]) under their parents. */
  function insertPart(conversationId: string, messages: Message[], others: BranchMessage[], from = 0) {
    for (const message of messages) insertMessage(conversationId, message);
    // Other branches hang under messages written before them: an outside file's unknown parent is refused.
    for (const [index, { parentId, ...message }] of others.entries()) {
      if (parentId !== null && !sql('SELECT 1 FROM messages WHERE id = ? AND conversation_id = ?').get(parentId, conversationId)) {
        throw new Problem('import.damaged_at', { at: `conversation.otherBranches.${from + index}.parentId` });
      }
      insertMessage(conversationId, message, parentId);
    }
  }

  function insertConversation(conversation: ConversationMeta) {
    sql(
      `INSERT INTO conversations (id, title, system_prompt, options, pinned, created_at, updated_at, attachment)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      conversation.id,
      conversation.title,
      conversation.systemPrompt,
      JSON.stringify(conversation.options),
      conversation.pinned ? 1 : 0,
      conversation.createdAt,
      conversation.updatedAt,
      conversation.attachment ? JSON.stringify(conversation.attachment) : null,
    );
  }

  return {
    problem,
    /** What was copied out of a damaged file this start, or null. */
    salvaged,
    db: db as DatabaseSync,
    /** Runs several of the writes below as one commit (a Send's messages and its reply's start). */
    batch: transaction,

    list(): ConversationSummary[] {
      const rows = sql(
        `SELECT c.*, (SELECT COUNT(*) FROM messages WHERE conversation_id = c.id) AS message_count,
                (SELECT substr(content, 1, 160) FROM messages WHERE id = c.current_leaf) AS preview
           FROM conversations c WHERE c.deleted_at IS NULL
          ORDER BY c.pinned DESC, c.updated_at DESC, c.created_at DESC`,
      ).all() as unknown as Parameters<typeof toSummary>[0][];
      return rows.map(toSummary);
    },

    /** The conversation without its messages; throws when it does not exist (or was deleted). */
    meta,

    /** The conversation whole: its current path, and every message of its other branches (exports, merges). */
    get(id: string): Conversation {
      const conversation = meta(id);
      const otherBranches = branches.offPath(id, toMessage);
      return { ...conversation, messages: branches.withSiblings(id, pathRows(id, 'DESC')), ...(otherBranches.length > 0 && { otherBranches }) };
    },

    /**
     * The messages of the current path, first to last: what the model is sent is built from these
     * alone (conversations/request.ts), whatever other branches hold.
     */
    path: (id: string): Message[] => (meta(id), currentPath(id)),

    /** Adds to each message that has siblings (other branches beside it) their ids. */
    withSiblings: branches.withSiblings,
    /** The messages right under one, in the order written: a Retry's new reply goes beside them. */
    childIds: branches.childIds,

    /** The conversation with only its last `limit` messages; `hasEarlier` tells whether more precede them. */
    openLast(id: string, limit: number): Conversation & { hasEarlier: boolean } {
      const conversation = meta(id);
      // One row more than asked for tells whether earlier messages remain.
      const rows = pathRows(id, 'ASC', '', { steps: limit + 1 });
      return { ...conversation, messages: branches.withSiblings(id, rows.slice(0, limit).reverse()), hasEarlier: rows.length > limit };
    },

    /** Up to `limit` messages before `beforeMessageId`, oldest first. */
    earlierMessages(id: string, beforeMessageId: string, limit: number): { messages: Message[]; hasEarlier: boolean } {
      meta(id);
      // Another branch shown meanwhile: the page's message is no longer on the path.
      if (!branches.onPath(id, beforeMessageId)) throw new Problem('message.gone');
      const rows = pathRows(id, 'ASC LIMIT :limit', 'WHERE path.depth > (SELECT depth FROM path WHERE id = :before)', { limit: limit + 1, before: beforeMessageId });
      return { messages: branches.withSiblings(id, rows.slice(0, limit).reverse()), hasEarlier: rows.length > limit };
    },

    create(conversation: ConversationMeta): ConversationMeta {
      insertConversation(conversation);
      return meta(conversation.id);
    },

    update(id: string, patch: Partial<Pick<ConversationMeta, 'title' | 'systemPrompt' | 'options' | 'pinned'>>): ConversationMeta {
      const next = { ...meta(id), ...patch };
      sql('UPDATE conversations SET title = ?, system_prompt = ?, options = ?, pinned = ? WHERE id = ?').run(
        next.title,
        next.systemPrompt,
        JSON.stringify(next.options),
        next.pinned ? 1 : 0,
        id,
      );
      return meta(id);
    },

    /** Hidden at once, purged at the next start unless restored; remembered as deleted (deletions.ts). */
    remove: (id: string) =>
      transaction(() => {
        const at = Date.now();
        sql('UPDATE conversations SET deleted_at = ? WHERE id = ?').run(at, id);
        deletions.remember('conversation', id, at);
      }),
    restore: (id: string) =>
      transaction(() => {
        sql('UPDATE conversations SET deleted_at = NULL WHERE id = ?').run(id);
        deletions.forget('conversation', id);
      }),
    deletions,

    /** Adds a message at the end of the current path, or replaces one with the same id (a reply shown in another version). */
    putMessage(conversationId: string, message: Message) {
      transaction(() => {
        meta(conversationId);
        insertMessage(conversationId, message);
        touch(conversationId);
      });
    },

    /** Pins or unpins one message of the conversation (migration 20); throws when it is not there. */
    pinMessage(conversationId: string, messageId: string, pinned: boolean) {
      const { changes } = sql('UPDATE messages SET pinned = ? WHERE id = ? AND conversation_id = ?').run(pinned ? 1 : 0, messageId, conversationId);
      if (changes === 0) throw new Problem('message.gone');
    },

    /**
     * Drops the current path's messages after `messageId` (Regenerate: the reply it replaces lives on
     * among the new one's versions), remembered as deleted (deletions.ts); the path ends at
     * `messageId`. Other branches under it (a Retry's, an edit's) stay.
     */
    truncateAfter(conversationId: string, messageId: string) {
      transaction(() => {
        const at = Date.now();
        const next = branches.nextOnPath(conversationId, messageId);
        for (const id of next ? [next, ...branches.below(conversationId, next)] : []) {
          deletions.remember('message', id, at);
          sql('DELETE FROM messages WHERE id = ?').run(id);
        }
        branches.growFrom(conversationId, messageId);
      });
    },

    /** The next message written goes under `messageId` (null: a new first message) as a new branch: an edit. */
    branchAt: (conversationId: string, messageId: string | null) => branches.growFrom(conversationId, messageId),

    /** Shows the branch through `messageId` (its latest descendant ends the path); whether the path changed. */
    showBranch: (conversationId: string, messageId: string) => transaction(() => (meta(conversationId), branches.showBranch(conversationId, messageId))),

    /** A streaming reply's latest state: called as it grows and when it ends. */
    saveReply(messageId: string, update: ReplyUpdate) {
      sql('UPDATE messages SET content = ?, state = ?, usage = ?, failure = ?, model = ?, tool_calls = ?, sent = ? WHERE id = ?').run(
        update.content,
        update.state,
        update.usage && JSON.stringify(update.usage),
        update.failure && JSON.stringify(update.failure),
        update.model,
        update.toolCalls ? JSON.stringify(update.toolCalls) : null,
        update.sent ? JSON.stringify(update.sent) : null,
        messageId,
      );
    },

    search: (query: string, limit = 50): SearchHit[] => searchHistory(db, query, limit),

    transcripts: transcriptTable(db, deletions),

    /** Transcripts' meeting notes and the user's notes templates. */
    notes: notesTable(db),

    /** Transcripts' translations, one per target language (migration 18). */
    translations: translationsTable(db),

    /** The people who speak in transcripts (migration 17). */
    people: peopleTable(db),

    /** Adds a whole conversation (a backup's) in one transaction. */
    insertWhole(conversation: Conversation) {
      transaction(() => {
        insertConversation(conversation);
        insertPart(conversation.id, conversation.messages, conversation.otherBranches ?? []);
        branches.growFrom(conversation.id, conversation.messages.at(-1)?.id ?? null);
      });
    },

    /**
     * An import written in parts, each a short transaction (history-import/): hidden until shown,
     * so a refusal, a cancel or a crash leaves nothing half-imported in view (a crash's rows are
     * purged at the next start like any deleted conversation's, a refusal's by `drop`).
     */
    imports: {
      begin: (conversation: ConversationMeta) =>
        transaction(() => (insertConversation(conversation), sql('UPDATE conversations SET deleted_at = ? WHERE id = ?').run(Date.now(), conversation.id))),
      add: (id: string, messages: Message[], others: BranchMessage[], from: number) => transaction(() => insertPart(id, messages, others, from)),
      show: (id: string) => void sql('UPDATE conversations SET deleted_at = NULL WHERE id = ?').run(id),
      /** Deletes up to `limit` of a hidden import's messages, then the conversation; true once it is gone. */
      drop(id: string, limit: number): boolean {
        const { changes } = sql('DELETE FROM messages WHERE rowid IN (SELECT rowid FROM messages WHERE conversation_id = ? LIMIT ?)').run(id, limit);
        if (changes === 0) sql('DELETE FROM conversations WHERE id = ? AND deleted_at IS NOT NULL').run(id);
        return changes === 0;
      },
    },

    exists: (id: string) => sql('SELECT 1 FROM conversations WHERE id = ?').get(id) !== undefined,
    messageExists: (id: string) => sql('SELECT 1 FROM messages WHERE id = ?').get(id) !== undefined,

    /**
     * Called once a repair in place ended: what others keep of its rows (the editor's open
     * documents, the pages' views) is stale, since a salvage may have lost rows and a backup
     * brought others back. Also when the repair failed: the notice (`problem`) says so, and the
     * pages that wait on the repair learn it has ended.
     */
    onRepaired: (listener: () => void) => void repairedListeners.add(listener),
    repaired: () => repairedListeners.forEach((listener) => listener()),

    close: () => db.close(),
  };
}

export type HistoryStore = ReturnType<typeof createHistoryStore>;
