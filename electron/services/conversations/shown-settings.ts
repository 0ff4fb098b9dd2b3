import { toolKey } from '../../../shared/domain/chat';
import type { ChatOptions } from '../../../shared/domain/chat';
import type { ConversationMeta } from '../../../shared/domain/conversation';
import type { HistoryStore } from '../history/history-store';
import type { LiveReply } from '../../../shared/contract/conversations';

/**
 * Options from the page, merged with what main keeps: "always allow" answers are recorded
 * by main when the user gives them, so a page holding an older copy cannot drop them.
 */
export function mergedOptions(stored: ChatOptions, shown: ChatOptions): ChatOptions {
  const allowed = [...new Set([...(stored.alwaysAllowedTools ?? []), ...(shown.alwaysAllowedTools ?? [])])];
  return { ...shown, ...(allowed.length > 0 && { alwaysAllowedTools: allowed }) };
}

/** Saves the system prompt and options the page showed when the user asked for a reply. */
export function withShownSettings(history: HistoryStore, id: string, shown: { systemPrompt?: string; options?: ChatOptions }): ConversationMeta {
  const stored = history.meta(id);
  if (shown.systemPrompt === undefined && shown.options === undefined) return stored;
  return history.update(id, {
    ...(shown.systemPrompt !== undefined && { systemPrompt: shown.systemPrompt }),
    ...(shown.options && { options: mergedOptions(stored.options, shown.options) }),
  });
}

/**
 * "Always allow" for the tool of `callId`: the conversation's later replies run it without asking.
 * (The decision point itself is the chat service's settleToolCall; this only keeps the answer.)
 */
export function rememberAlwaysAllowed(history: HistoryStore, id: string, approvals: LiveReply['approvals'], callId: string) {
  const asked = approvals.find((approval) => approval.callId === callId);
  if (!asked) return;
  const { options } = history.meta(id);
  const key = toolKey(asked.tool.serverId, asked.tool.name);
  if (!options.alwaysAllowedTools?.includes(key)) history.update(id, { options: { ...options, alwaysAllowedTools: [...(options.alwaysAllowedTools ?? []), key] } });
}
