import { type CompletionEvent, toolResultMessage } from '../../shared/contract/chat';
import type { Message } from '../../shared/domain/conversation';
import type { HistoryStore } from './history/history-store';

/**
 * Writes a streaming reply to the history as it grows: at most once per interval while
 * text arrives, and always at the end with how it ended. Killing the app mid-stream so
 * loses at most one interval of text; the next start marks the reply interrupted.
 *
 * A reply that uses tools is several messages: the assistant message that asked, one tool
 * message per result, and the assistant message of the next step, each saved as it happens.
 * `start` is the assistant message as the reply begins: empty, or the text a Continue goes on from.
 */
export function recordReply(history: HistoryStore, conversationId: string, start: Message, intervalMs = 1000) {
  let reply = start;
  let lastSave = Date.now();

  const put = (message: Message) => {
    history.putMessage(conversationId, message);
    return message;
  };
  const save = (update: Partial<Message>) => {
    lastSave = Date.now();
    reply = { ...reply, ...update };
    history.saveReply(reply.id, reply);
    return reply;
  };
  reply = put(start);

  return {
    /** The assistant message being written, as it stands. */
    current: () => reply,
    /** Records one event; answers the message it wrote, when it wrote a whole one. */
    record(event: CompletionEvent): Message | null {
      switch (event.type) {
        case 'delta':
          reply.content += event.text;
          if (Date.now() - lastSave >= intervalMs) save({});
          return null;
        case 'done':
          return save({ state: event.finishReason === 'length' ? 'truncated' : 'complete', usage: event.usage, model: event.model ?? reply.model });
        case 'stopped':
          return save({ state: 'stopped' });
        case 'failed':
          return save({ state: 'error', failure: event.failure });
        case 'toolCalls':
          return save({ state: 'complete', toolCalls: event.calls, usage: event.usage, model: event.model ?? reply.model });
        case 'toolResult':
          return put(toolResultMessage(event, Date.now()));
        case 'step':
          reply = put({ ...reply, id: event.messageId, content: '', state: 'streaming', usage: null, failure: null, toolCalls: undefined, createdAt: Date.now() });
          return reply;
        case 'toolApproval':
        case 'toolDecision':
          return null;
      }
    },
  };
}

export type ReplyRecorder = ReturnType<typeof recordReply>;
