import type { CompletionEvent } from '../../shared/contract/chat';
import type { HistoryStore } from './history/history-store';

/**
 * Writes a streaming reply to the history as it grows: at most once per interval while
 * text arrives, and always at the end with how it ended. Killing the app mid-stream so
 * loses at most one interval of text; the next start marks the reply interrupted.
 */
export function recordReply(
  history: HistoryStore,
  target: { conversationId: string; messageId: string; model: string },
  intervalMs = 1000,
) {
  let content = '';
  let lastSave = Date.now();
  history.putMessage(target.conversationId, {
    id: target.messageId,
    role: 'assistant',
    content: '',
    state: 'streaming',
    usage: null,
    failure: null,
    model: target.model,
    createdAt: Date.now(),
  });
  const save = (update: Partial<Parameters<HistoryStore['saveReply']>[1]> = {}) => {
    lastSave = Date.now();
    history.saveReply(target.messageId, { content, state: 'streaming', usage: null, failure: null, model: target.model, ...update });
  };

  return (event: CompletionEvent) => {
    switch (event.type) {
      case 'delta':
        content += event.text;
        if (Date.now() - lastSave >= intervalMs) save();
        return;
      case 'done':
        return save({ state: 'complete', usage: event.usage, model: event.model ?? target.model });
      case 'stopped':
        return save({ state: 'stopped' });
      case 'failed':
        return save({ state: 'error', failure: event.failure });
    }
  };
}
