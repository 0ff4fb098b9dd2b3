import { type CompletionEvent, toolResultMessage } from '../../../../shared/contract/chat';
import type { Message } from '../../../../shared/domain/conversation';
import type { HistoryStore } from '../history/history-store';

/** What one event changed: the whole message it wrote, if any, and the write that stores it. */
export interface Recorded {
  message: Message | null;
  /** Which write this is (a message added, or a reply's state saved): a later one with the same key supersedes it. */
  key: string;
  /** Stores the change; the caller runs it in the same turn, after telling the watchers. */
  write(): void;
}

const NOTHING: Recorded = { message: null, key: '', write: () => {} };

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

  const put = (message: Message): Recorded => ({ message, key: `put ${message.id}`, write: () => history.putMessage(conversationId, message) });
  const save = (update: Partial<Message>): Recorded => {
    lastSave = Date.now();
    reply = { ...reply, ...update };
    // A copy: the text grows on in `reply` after this write was decided.
    const saved = { ...reply };
    return { message: saved, key: `save ${saved.id}`, write: () => history.saveReply(saved.id, saved) };
  };
  history.putMessage(conversationId, start);

  return {
    /** The assistant message being written, as it stands. */
    current: () => reply,
    /**
     * Records one event: answers the whole message it finished or added, if any, and the write
     * to run next. The write is separate so that a reply's end reaches the page before the
     * history re-indexes the whole text; both happen in the same turn of main's event loop.
     */
    record(event: CompletionEvent): Recorded {
      switch (event.type) {
        case 'delta': {
          reply.content += event.text;
          return Date.now() - lastSave >= intervalMs ? { ...save({}), message: null } : NOTHING;
        }
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
          // The next step's message follows the one before: only a reply's first message can have siblings.
          reply = { ...reply, id: event.messageId, content: '', state: 'streaming', usage: null, failure: null, toolCalls: undefined, branches: undefined, createdAt: Date.now() };
          return put({ ...reply });
        case 'toolDecision': {
          const decided = { decision: event.decision, automatic: event.automatic };
          return save({ toolCalls: reply.toolCalls?.map((call) => (call.id === event.callId ? { ...call, decided } : call)) });
        }
        case 'toolApproval':
          return NOTHING;
      }
    },
  };
}

export type ReplyRecorder = ReturnType<typeof recordReply>;
