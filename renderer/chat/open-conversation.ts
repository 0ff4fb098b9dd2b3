import { useNavigation } from '../navigation';
import { useChat } from './store';

/** Shows a conversation in the chat screen, ready to type. */
export function openConversation(id: string): void {
  useChat.getState().select(id);
  useNavigation.getState().focusComposer();
}

/** A new, empty conversation, ready to type. */
export function startChat(): void {
  useChat.getState().newConversation();
  useNavigation.getState().focusComposer();
}
