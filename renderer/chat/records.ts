import type { ChatOptions } from '../../shared/domain/chat';
import type { Conversation } from '../../shared/domain/conversation';

/** The one new chat not saved yet; main gives it an id of its own with its first message. Its draft keeps this id across reloads. */
export const NEW_CHAT_ID = 'new';

export const newConversation = (options: ChatOptions): Conversation => ({
  id: NEW_CHAT_ID,
  title: '',
  systemPrompt: '',
  options,
  pinned: false,
  createdAt: Date.now(),
  updatedAt: Date.now(),
  messages: [],
});

