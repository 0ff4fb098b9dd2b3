import type { WireMessage } from '../../../../shared/domain/chat';
import type { ConversationMeta, Message } from '../../../../shared/domain/conversation';
import type { CompletionInput } from '../completion/completion-input';
import type { HeldText } from '../held/held-items';
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

/**
 * The documents and long pastes sent with the conversation's messages, as one system message
 * after the system prompt: attached once, they stay part of what the model knows (as an attached
 * transcript does), and each is named so the user can refer to it.
 */
function heldMessage(held: readonly HeldText[]): WireMessage[] {
  if (held.length === 0) return [];
  const parts = held.map(({ name, kind, text }) => `<${kind} name=${JSON.stringify(name)}>\n${text}\n</${kind}>`);
  return [{ role: 'system', content: `The user attached ${held.length === 1 ? 'this text' : 'these texts'} to the conversation:\n\n${parts.join('\n\n')}` }];
}

/** The request for a reply to `messages` (stored history, plus the draft), with the conversation's settings and held items. */
export function requestFor(meta: ConversationMeta, messages: readonly Message[], continuing: boolean, held: readonly HeldText[] = []): CompletionInput {
  const wire: WireMessage[] = wireMessages(meta.systemPrompt, messages);
  const system = wire[0]?.role === 'system' ? 1 : 0;
  const sent = [...wire.slice(0, system), ...heldMessage(held), ...wire.slice(system)];
  return { ...meta.options, messages: continuing ? [...sent, { role: 'user', content: CONTINUE_INSTRUCTION }] : sent };
}
