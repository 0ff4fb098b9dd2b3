import { api } from '../api';
import { useChat } from '../chat';
import { useNavigation } from '../navigation';
import { i18n } from '../i18n';

/**
 * Main starts the chat: it puts the transcript as it now reads (its edits included) in the
 * system prompt and marks it attached; the page shows that chat with a first question ready.
 */
export async function askAboutTranscript(id: string) {
  const chat = useChat.getState();
  const conversation = await api.transcription.ask({ id, options: chat.newChatOptions() });
  // The first question is the user's to send or change: in their language.
  chat.openStarted(conversation, i18n.t('transcription:result.askDraft'));
  useNavigation.getState().focusComposer();
}
