import type { TranscriptRecord } from '../../shared/contract/transcription';
import type { Word } from '../../shared/domain/transcript';

/**
 * A transcript as the service would have sent it for `said` (verbose JSON, a word every half
 * second), kept under `id` as meeting.mp3: the editor's tests start from it.
 */
export function spokenRecord(id: string, said: string, duration = 20): TranscriptRecord {
  const words: Word[] = said.split(' ').map((word, i) => ({ word: ` ${word}`, start: i * 0.5, end: i * 0.5 + 0.4 }));
  return {
    id,
    fileName: 'meeting.mp3',
    createdAt: 1,
    request: { model: 'speech-1', language: '', prompt: '', responseFormat: 'verbose_json', granularities: ['word'] },
    transcript: { format: 'verbose_json', text: said, raw: JSON.stringify({ text: said, words }), language: 'en', duration, segments: [], words },
  };
}

/** A meeting of `hours`, one sentence every 4 seconds, each naming its own topic number (so no two rows read alike). */
export function longMeeting(id: string, hours: number): TranscriptRecord {
  const sentences = Array.from({ length: Math.round((hours * 3600) / 4) }, (_, i) => `Topic ${i + 1} was reviewed by the planning group.`);
  return spokenRecord(id, sentences.join(' '), hours * 3600);
}
