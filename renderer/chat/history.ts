import type { Conversation } from '../../shared/domain/conversation';

// The one place conversations are kept between screens. In memory for now: a later issue
// moves them into main's SQLite history (the same Conversation schema), and only these two
// functions should need to change.
const saved = new Map<string, Conversation>();

/** Every saved conversation. A reply still streaming when it was saved cannot resume, so it reads as interrupted. */
export async function loadConversations(): Promise<Conversation[]> {
  return [...saved.values()].map((conversation) => ({
    ...conversation,
    messages: conversation.messages.map((m) => (m.state === 'streaming' ? { ...m, state: 'interrupted' } : m)),
  }));
}

export async function saveConversation(conversation: Conversation): Promise<void> {
  saved.set(conversation.id, conversation);
}
