import type { WireMessage } from '../../../../shared/domain/chat';
import type { ConversationMeta, Message } from '../../../../shared/domain/conversation';
import type { CompletionInput } from '../completion/completion-input';
import { wireMessages } from './wire';

/**
 * What the model is told to go on with a reply that ended early. The chat-completion
 * convention has no way to extend the last assistant message (a trailing assistant message
 * is just history, and the model answers it with a new turn), so the partial reply is sent
 * as it is, followed by this request; the answer is appended to the same message. The
 * instruction is part of the request only, never of the stored conversation.
 */
export const CONTINUE_INSTRUCTION =
  'Your previous reply was cut off. Continue it exactly where it stopped: do not repeat anything, do not comment, ' +
  'and start mid-sentence or mid-word if that is where it ended.';

/** The request for a reply to `messages` (stored history, plus the draft), with the conversation's settings. */
export function requestFor(meta: ConversationMeta, messages: readonly Message[], continuing: boolean): CompletionInput {
  const wire: WireMessage[] = wireMessages(meta.systemPrompt, messages);
  return { ...meta.options, messages: continuing ? [...wire, { role: 'user', content: CONTINUE_INSTRUCTION }] : wire };
}
