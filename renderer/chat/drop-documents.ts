import { useNavigation } from '../navigation';
import { useHeld } from './held';
import { useChat } from './store';

/**
 * The window's drop (FileDrop) hands documents here: attached to the open chat's next message
 * when the chat screen shows, else not taken (false), and they go where other files go.
 */
export function attachDroppedDocuments(files: File[]): boolean {
  const conversationId = useChat.getState().activeId;
  if (useNavigation.getState().view !== 'chat' || !conversationId) return false;
  void useHeld.getState().attachFiles(conversationId, files);
  return true;
}
