import type { DatabaseSync } from 'node:sqlite';

/**
 * Migration 22 (issue 40): a user message keeps the documents and pastes its Send carried (JSON,
 * `SentItem[]`: each chip's name, pages, tokens and the beginning chosen), so the message shows
 * them after a reload and a restart, and its exports say which were attached. The text stays in
 * the held folder (services/held), which leaves with the conversation.
 */
export function heldLinksMigration(db: DatabaseSync) {
  db.exec('ALTER TABLE messages ADD COLUMN attached TEXT');
}
