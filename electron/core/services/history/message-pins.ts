import type { DatabaseSync } from 'node:sqlite';

/**
 * Migration 20 (issue 40): a message the user pins is always sent, whatever the conversation's
 * context budget; and a reply keeps how much of the history its request carried (JSON,
 * `SentContext`), so the list can say what was left out after a restart too.
 */
export function messagePinsMigration(db: DatabaseSync) {
  db.exec(`
    ALTER TABLE messages ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE messages ADD COLUMN sent TEXT;
  `);
}
