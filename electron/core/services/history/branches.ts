import type { DatabaseSync } from 'node:sqlite';
import type { BranchMessage, Message } from '../../../../shared/domain/conversation';
import type { MessageRow } from './rows';

/*
 * A conversation's messages are a tree (docs/architecture/chat-and-conversations.md, "Branches"):
 * each message names its parent (null: a first message), and the conversation its current leaf.
 * The current path, leaf up to the root, is what the page shows and the model is sent; editing a
 * sent message adds a sibling beside it, so the old branch stays.
 */

/** The message stored before the one being updated in its conversation. */
const PREVIOUS = `SELECT p.id FROM messages p WHERE p.conversation_id = messages.conversation_id AND p.position < messages.position
                   ORDER BY p.position DESC LIMIT 1`;

/**
 * 19: messages as a tree. Every existing conversation becomes one chain in its stored order, its
 * last message the current leaf: nothing is lost and nothing reads otherwise. Reply versions stay
 * in their message (they are not branches).
 */
export function branchesMigration(db: DatabaseSync) {
  db.exec(`
    ALTER TABLE messages ADD COLUMN parent_id TEXT;
    ALTER TABLE conversations ADD COLUMN current_leaf TEXT;
    UPDATE messages SET parent_id = (${PREVIOUS});
  `);
  mendBranches(db);
  // Children and siblings by parent; the walk up from the leaf reads this index alone, never a message's text.
  db.exec(`
    CREATE INDEX messages_by_parent ON messages(conversation_id, parent_id, position);
    CREATE INDEX messages_parent_of ON messages(id, conversation_id, parent_id);
  `);
}

/**
 * Makes every message reachable again after rows were lost (a salvage): a message whose parent is
 * missing hangs under the message stored before it, and a conversation whose leaf is missing ends
 * at its last message. Hand-written: SQLite knows nothing of the tree.
 */
export function mendBranches(db: DatabaseSync) {
  db.exec(`
    UPDATE messages SET parent_id = (${PREVIOUS})
     WHERE parent_id IS NOT NULL AND parent_id NOT IN (SELECT id FROM messages);
    UPDATE conversations SET current_leaf = (
        SELECT id FROM messages WHERE conversation_id = conversations.id ORDER BY position DESC LIMIT 1)
     WHERE current_leaf IS NULL OR current_leaf NOT IN (SELECT id FROM messages WHERE conversation_id = conversations.id);
  `);
}

/**
 * The current path as a table `path(id, depth)`, depth 0 at the leaf, at most `:steps` of it (the
 * walk stops there: the last page of a long conversation reads only that page). Bound:
 * :conversation, :steps. CROSS JOIN keeps the walk a lookup by id per step: left to itself, SQLite
 * scans the conversation's children index at every step. The depth bound only guards against a
 * cycle an outside file could have written.
 */
export const PATH = `WITH RECURSIVE path(id, depth) AS (
    SELECT current_leaf, 0 FROM conversations WHERE id = :conversation AND current_leaf IS NOT NULL
    UNION ALL
    SELECT m.parent_id, path.depth + 1 FROM path CROSS JOIN messages m ON m.id = path.id AND m.conversation_id = :conversation
     WHERE m.parent_id IS NOT NULL AND path.depth < 1000000
    LIMIT :steps)`;

/** No limit on the walk: SQLite reads a negative LIMIT as none. */
export const WHOLE = -1;

/** Every message below `:message` (its whole subtree), as a table `below(id)`. Bound: :conversation, :message. */
const BELOW = `WITH RECURSIVE below(id) AS (
    SELECT id FROM messages WHERE conversation_id = :conversation AND parent_id = :message
    UNION
    SELECT m.id FROM below JOIN messages m ON m.conversation_id = :conversation AND m.parent_id = below.id)`;

type Sql = (text: string) => ReturnType<DatabaseSync['prepare']>;

/**
 * Up to this many messages, their siblings are read by their parents (a page of 100 of a
 * 10,000-message conversation reads about 100 rows); past it, one scan of the conversation is
 * cheaper than as many lookups (npm run bench -- history).
 */
const PAGE_SIZED = 1000;

export function branchQueries(sql: Sql) {
  /** The children of these messages' parents (null: first messages, as ''), in the order written. */
  const siblingsOfPage = (conversation: string, messages: Message[]) =>
    sql(
      `WITH mine(parent) AS (SELECT DISTINCT m.parent_id FROM json_each(:ids) j CROSS JOIN messages m ON m.id = j.value AND m.conversation_id = :conversation)
       SELECT id, COALESCE(parent_id, '') AS parent, created_at, position FROM messages
        WHERE conversation_id = :conversation AND parent_id IN (SELECT parent FROM mine WHERE parent IS NOT NULL)
       UNION ALL
       SELECT id, '', created_at, position FROM messages
        WHERE conversation_id = :conversation AND parent_id IS NULL AND EXISTS (SELECT 1 FROM mine WHERE parent IS NULL)
       ORDER BY created_at, position`,
    ).all({ conversation, ids: JSON.stringify(messages.map((m) => m.id)) });

  /** Every message of the conversation that has siblings, with its parent, in the order written. */
  const allSiblings = (conversation: string) =>
    sql(
      `SELECT id, COALESCE(parent_id, '') AS parent FROM messages
        WHERE conversation_id = :conversation AND COALESCE(parent_id, '') IN (
          SELECT COALESCE(parent_id, '') FROM messages WHERE conversation_id = :conversation GROUP BY 1 HAVING COUNT(*) > 1)
        ORDER BY created_at, position`,
    ).all({ conversation });

  /**
   * Each message with siblings gets their ids (its own among them), in the order written: by time,
   * since a restore or an import stores the path before the other branches.
   */
  function withSiblings(conversation: string, messages: Message[]): Message[] {
    if (messages.length === 0) return messages;
    const rows = (messages.length <= PAGE_SIZED ? siblingsOfPage(conversation, messages) : allSiblings(conversation)) as Array<{ id: string; parent: string }>;
    const groups = new Map<string, string[]>();
    for (const row of rows) groups.set(row.parent, [...(groups.get(row.parent) ?? []), row.id]);
    const siblingsOf = new Map(rows.flatMap((row) => (groups.get(row.parent)!.length > 1 ? [[row.id, groups.get(row.parent)!] as const] : [])));
    return messages.map((message) => (siblingsOf.has(message.id) ? { ...message, branches: { siblings: siblingsOf.get(message.id)! } } : message));
  }

  const onPath = (conversation: string, message: string) =>
    sql(`${PATH} SELECT 1 FROM path WHERE id = :message`).get({ conversation, message, steps: WHOLE }) !== undefined;

  return {
    withSiblings,
    onPath,

    /** The messages off the current path, each with its parent, in the order written. */
    offPath(conversation: string, toMessage: (row: MessageRow) => Message): BranchMessage[] {
      const rows = sql(
        `${PATH} SELECT * FROM messages WHERE conversation_id = :conversation AND id NOT IN (SELECT id FROM path) ORDER BY position`,
      ).all({ conversation, steps: WHOLE }) as unknown as Array<MessageRow & { parent_id: string | null }>;
      return rows.map((row) => ({ ...toMessage(row), parentId: row.parent_id }));
    },

    /** The path goes on from `message` (null: a new first message) with the next message written. */
    growFrom(conversation: string, message: string | null) {
      sql('UPDATE conversations SET current_leaf = ? WHERE id = ?').run(message, conversation);
    },

    /**
     * Shows the branch through `message`: nothing changes when it is on the path already; otherwise
     * the path ends at its latest descendant (at each step the child written last). Returns whether it changed.
     */
    showBranch(conversation: string, message: string): boolean {
      if (onPath(conversation, message)) return false;
      const leaf = sql(
        `WITH RECURSIVE down(id, depth) AS (
           SELECT id, 0 FROM messages WHERE id = :message AND conversation_id = :conversation
           UNION ALL
           SELECT (SELECT c.id FROM messages c WHERE c.conversation_id = :conversation AND c.parent_id = down.id ORDER BY c.created_at DESC, c.position DESC LIMIT 1),
                  down.depth + 1
             FROM down WHERE down.id IS NOT NULL AND down.depth < 1000000)
         SELECT id FROM down WHERE id IS NOT NULL ORDER BY depth DESC LIMIT 1`,
      ).get({ conversation, message }) as { id: string } | undefined;
      if (!leaf) return false;
      sql('UPDATE conversations SET current_leaf = ? WHERE id = ?').run(leaf.id, conversation);
      return true;
    },

    /** The ids of the messages right under `message`, in the order written (as `withSiblings` orders them). */
    childIds: (conversation: string, message: string) =>
      (
        sql('SELECT id FROM messages WHERE conversation_id = :conversation AND parent_id = :message ORDER BY created_at, position').all({ conversation, message }) as Array<{
          id: string;
        }>
      ).map((row) => row.id),

    /** The message after `message` on the current path; undefined when it ends there (or is not on it). */
    nextOnPath: (conversation: string, message: string) =>
      (
        sql(`${PATH} SELECT id FROM path WHERE depth = (SELECT depth FROM path WHERE id = :message) - 1`).get({ conversation, message, steps: WHOLE }) as
          | { id: string }
          | undefined
      )?.id,

    /** The ids of every message below `message`, in any branch. */
    below: (conversation: string, message: string) =>
      (sql(`${BELOW} SELECT id FROM below`).all({ conversation, message }) as Array<{ id: string }>).map((row) => row.id),
  };
}
