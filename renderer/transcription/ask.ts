import type { TranscriptRecord } from '../../shared/contract/transcription';
import { useNavigation } from '../app/navigation';
import { useChat } from '../chat';
import { formatDuration } from './format';

export const ASK_DRAFT = 'What are the main points of this recording? List any decisions and open questions too.';

/** The system prompt of a chat about one transcript: what it is, how to use it, and the text itself. */
export function transcriptPrompt(record: TranscriptRecord): string {
  const { transcript } = record;
  const about = [
    transcript.language && `language: ${transcript.language}`,
    transcript.duration !== null && `length: ${formatDuration(transcript.duration)}`,
  ].filter(Boolean);
  return [
    `The user is asking about the transcript of the recording "${record.fileName}"${about.length ? ` (${about.join(', ')})` : ''}.`,
    'Answer from the transcript, quoting it where that helps. If the transcript does not contain the answer, say so.',
    'The transcript was made automatically, so it may contain misheard words.',
    '',
    `Transcript of "${record.fileName}":`,
    '"""',
    transcript.text,
    '"""',
  ].join('\n');
}

/** A new chat that carries the transcript in its system prompt, with a first question ready to send. */
export function askAboutTranscript(record: TranscriptRecord) {
  const chat = useChat.getState();
  chat.newConversation();
  const id = useChat.getState().activeId;
  chat.setSystemPrompt(id, transcriptPrompt(record));
  chat.setDraft(id, ASK_DRAFT);
  useNavigation.getState().focusComposer();
}
