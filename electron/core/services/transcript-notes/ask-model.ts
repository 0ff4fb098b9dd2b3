import { DEFAULT_CHAT_OPTIONS } from '../../../../shared/domain/chat';
import { Problem } from '../../../../shared/domain/problem';
import type { ChatService } from '../completion/chat-service';
import type { AskModel } from './notes-service';

/**
 * The notes' call to the model through the chat completion service, streamed, with the model
 * every plan has. The simplest wiring until the model-request layer (JSON mode on Pro, the
 * tolerant parser on Free, splitting what is too long, jobs) takes it over at the merge.
 */
export function askThroughChat(chat: Pick<ChatService, 'complete'>): AskModel {
  return async (messages, { signal, onText }) => {
    let text = '';
    let end: Problem | null = null;
    await chat.complete(
      { ...DEFAULT_CHAT_OPTIONS, messages },
      {
        signal,
        emit(event) {
          if (event.type === 'delta') {
            text += event.text;
            onText(event.text);
          } else if (event.type === 'failed') {
            const { kind, status, message, reason } = event.failure;
            end = new Problem('notes.request_failed', { kind, status, detail: message || reason || kind });
          } else if (event.type === 'stopped') end = new Problem('notes.stopped');
        },
      },
    );
    if (end) throw end;
    return text;
  };
}
