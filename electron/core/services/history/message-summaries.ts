import type { DatabaseSync } from 'node:sqlite';

/**
 * Migration 21 (issue 40): a message can be a summary of earlier ones (JSON, `{ covers: ids }`),
 * sent in their place while the context budget leaves them out. Its text is a message's content,
 * so search and exports find it as they find any message.
 */
export function messageSummariesMigration(db: DatabaseSync) {
  db.exec('ALTER TABLE messages ADD COLUMN summary TEXT');
}
