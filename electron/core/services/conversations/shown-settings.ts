import type { ChatOptions } from '../../../../shared/domain/chat';
import type { ConversationMeta } from '../../../../shared/domain/conversation';
import type { HistoryStore } from '../history/history-store';

/**
 * Saves the system prompt and options the page showed when the user asked for a reply. They
 * carry no permissions: tool rules are main's own (tools/permission-rules.ts).
 */
export function withShownSettings(history: HistoryStore, id: string, shown: { systemPrompt?: string; options?: ChatOptions }): ConversationMeta {
  const stored = history.meta(id);
  if (shown.systemPrompt === undefined && shown.options === undefined) return stored;
  return history.update(id, {
    ...(shown.systemPrompt !== undefined && { systemPrompt: shown.systemPrompt }),
    ...(shown.options && { options: shown.options }),
  });
}
