import type { Recording } from '../../../../shared/contract/recording';
import type { TranscriptRecord } from '../../../../shared/contract/transcription';
import { readNotes } from './manifest';

/**
 * A recording's transcript with the markers dropped and the notes-pad lines typed while it was
 * recorded (from its folder); a line written after the audio a crash kept points at its end,
 * never dropped: the words are the user's.
 */
export function markedTranscript(record: TranscriptRecord, recording: Recording, folder: string): TranscriptRecord {
  const notes = readNotes(folder).map((line) => ({ ...line, at: Math.min(line.at, recording.seconds) }));
  if (!recording.markers.length && !notes.length) return record;
  return {
    ...record,
    transcript: { ...record.transcript, ...(recording.markers.length && { markers: recording.markers }), ...(notes.length && { notes }) },
  };
}
