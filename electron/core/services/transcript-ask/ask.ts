import { randomUUID } from 'node:crypto';
import type { ChatOptions } from '../../../../shared/domain/chat';
import type { ConversationMeta } from '../../../../shared/domain/conversation';
import type { TranscriptReading } from '../../../../shared/contract/transcription';
import { clockTime } from '../transcript-export/paragraphs';

/** The system prompt of a chat about one transcript: what it is, how to use it, and its text as it now reads. */
export function transcriptPrompt(reading: TranscriptReading): string {
  const { transcript, fileName } = reading;
  const about = [transcript.language && `language: ${transcript.language}`, transcript.duration !== null && `length: ${clockTime(transcript.duration)}`].filter(Boolean);
  return [
    `The user is asking about the transcript of the recording "${fileName}"${about.length ? ` (${about.join(', ')})` : ''}.`,
    'Answer from the transcript, quoting it where that helps. If the transcript does not contain the answer, say so.',
    reading.edits
      ? 'The transcript was made automatically and corrected by the user; where a paragraph starts with a name and a colon, that person is speaking.'
      : 'The transcript was made automatically, so it may contain misheard words.',
    '',
    `Transcript of "${fileName}":`,
    '"""',
    transcript.text,
    '"""',
  ].join('\n');
}

/** A new conversation about a transcript: its text in the system prompt, and the transcript named as attached. */
export function conversationAbout(reading: TranscriptReading, words: number, options: ChatOptions): ConversationMeta {
  const now = Date.now();
  return {
    id: randomUUID(),
    title: `About ${reading.fileName}`,
    systemPrompt: transcriptPrompt(reading),
    options,
    pinned: false,
    createdAt: now,
    updatedAt: now,
    attachment: { kind: 'transcript', id: reading.id, fileName: reading.fileName, words },
  };
}
