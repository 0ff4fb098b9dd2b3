import { useNavigation } from '../navigation';
import { useHeld } from './held';
import { useChat } from './store';

/**
 * The window's drop (FileDrop) hands documents here: attached to the open chat's next message
 * when the chat screen shows, else not taken (false), and they go where other files go.
 */
export function attachDroppedDocuments(files: File[]): boolean {
  const conversationId = useChat.getState().activeId;
  if (!chatTakesDocuments() || !conversationId) return false;
  void useHeld.getState().attachFiles(conversationId, files);
  return true;
}

/** Whether a drop now would attach documents to a chat: the drop overlay says so before the drop. */
export const chatTakesDocuments = () => useNavigation.getState().view === 'chat' && useChat.getState().activeId !== null;
