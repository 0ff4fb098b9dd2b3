import type { DatabaseSync } from 'node:sqlite';
import type { Message } from '../../../../shared/domain/conversation';
import { statementCache } from '../storage/sqlite-transaction';
import { PATH, WHOLE } from './branches';
import { type MessageRow, toMessage } from './rows';

/**
 * The messages of a conversation, on any branch, whose chips name held item `itemId` (migration
 * 22's `attached`), each with whether it is on the current path: what "send the beginning" rewrites.
 * Only those rows are read, and the path is walked by ids alone (PATH never reads a message's text),
 * so keeping one item's cut costs the same in a 10,000-message conversation as in a short one.
 */
export function heldCarriers(db: DatabaseSync) {
  const sql = statementCache(db);
  return (conversationId: string, itemId: string): Array<{ message: Message; onPath: boolean }> => {
    const rows = sql(
      `${PATH} SELECT m.*, m.id IN (SELECT id FROM path) AS on_path FROM messages m
        WHERE m.conversation_id = :conversation AND m.attached IS NOT NULL
          AND EXISTS (SELECT 1 FROM json_each(m.attached) WHERE json_extract(value, '$.id') = :item)
        ORDER BY m.position`,
    ).all({ conversation: conversationId, item: itemId, steps: WHOLE }) as unknown as Array<MessageRow & { on_path: number }>;
    return rows.map((row) => ({ message: toMessage(row), onPath: row.on_path === 1 }));
  };
}
