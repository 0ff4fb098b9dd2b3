// Conversations as main stores them, for the history journeys that seed many at once.
import type { Message } from '../../shared/domain/conversation';

/** A fixed moment, so dates on screen and in order never depend on when the test runs. */
export const T = Date.UTC(2025, 4, 6, 9, 30);
/** The options a stored conversation was last sent with. */
export const storedOptions = { model: 'default', temperature: null, maxTokens: null, stream: true };

/** A finished message at `at`; an assistant's names the model that wrote it. */
export const storedMessage = (id: string, role: Message['role'], content: string, at: number): Message => ({
  id,
  role,
  content,
  state: 'complete',
  usage: null,
  failure: null,
  model: role === 'assistant' ? 'default' : null,
  createdAt: at,
});
