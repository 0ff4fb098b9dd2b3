import { api } from '../api';
import { useChat } from '../chat';
import { useNavigation } from '../navigation';

export const ASK_DRAFT = 'What are the main points of this recording? List any decisions and open questions too.';

/**
 * Main starts the chat: it puts the transcript as it now reads (its edits included) in the
 * system prompt and marks it attached; the page shows that chat with a first question ready.
 */
export async function askAboutTranscript(id: string) {
  const chat = useChat.getState();
  const conversation = await api.transcription.ask({ id, options: chat.newChatOptions() });
  chat.openStarted(conversation, ASK_DRAFT);
  useNavigation.getState().focusComposer();
}
