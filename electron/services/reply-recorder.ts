import { type CompletionEvent, toolResultMessage } from '../../shared/contract/chat';
import type { HistoryStore, ReplyUpdate } from './history/history-store';

/**
 * Writes a streaming reply to the history as it grows: at most once per interval while
 * text arrives, and always at the end with how it ended. Killing the app mid-stream so
 * loses at most one interval of text; the next start marks the reply interrupted.
 *
 * A reply that uses tools is several messages: the assistant message that asked, one tool
 * message per result, and the assistant message of the next step, each saved as it happens.
 */
export function recordReply(
  history: HistoryStore,
  target: { conversationId: string; messageId: string; model: string },
  intervalMs = 1000,
) {
  let messageId = target.messageId;
  // What the current assistant message holds so far; a stop after its tool calls keeps them.
  let reply: ReplyUpdate;
  let lastSave = Date.now();

  const begin = (id: string) => {
    messageId = id;
    reply = { content: '', state: 'streaming', usage: null, failure: null, model: target.model };
    history.putMessage(target.conversationId, { id, role: 'assistant', ...reply, createdAt: Date.now() });
  };
  const save = (update: Partial<ReplyUpdate> = {}) => {
    lastSave = Date.now();
    reply = { ...reply, ...update };
    history.saveReply(messageId, reply);
  };
  begin(target.messageId);

  return (event: CompletionEvent) => {
    switch (event.type) {
      case 'delta':
        reply.content += event.text;
        if (Date.now() - lastSave >= intervalMs) save();
        return;
      case 'done':
        return save({ state: 'complete', usage: event.usage, model: event.model ?? target.model });
      case 'stopped':
        return save({ state: 'stopped' });
      case 'failed':
        return save({ state: 'error', failure: event.failure });
      case 'toolCalls':
        return save({ state: 'complete', toolCalls: event.calls, usage: event.usage, model: event.model ?? target.model });
      case 'toolResult':
        return history.putMessage(target.conversationId, toolResultMessage(event, Date.now()));
      case 'step':
        return begin(event.messageId);
      case 'toolApproval':
      case 'toolDecision':
        return;
    }
  };
}
