import type { TranscriptRecord } from '../../../shared/contract/transcription';
import type { SubtitleRules } from '../../../shared/domain/transcript';
import type { FileToSave } from '../file-saver';
import { cuesFromSegments, cuesFromWords, formatSrt, formatTxt, formatVtt } from '../subtitles';

type ExportFormat = 'srt' | 'vtt' | 'txt' | 'json';

const MIME: Record<ExportFormat, string> = {
  srt: 'application/x-subrip',
  vtt: 'text/vtt',
  txt: 'text/plain',
  json: 'application/json',
};

const baseName = (fileName: string) => fileName.replace(/\.[^.]+$/, '') || 'transcript';

/**
 * The file to save for a transcript. Subtitles the service itself returned (srt, vtt) are
 * saved byte for byte; from verbose_json they are made here with the user's rules. A
 * transcript without timings cannot become subtitles, and the error says how to get them.
 */
export function subtitleFile(record: TranscriptRecord, format: ExportFormat, rules: SubtitleRules): FileToSave {
  const { transcript } = record;
  const file = (text: string) => ({
    fileName: `${baseName(record.fileName)}.${format}`,
    mimeType: MIME[format],
    bytes: new TextEncoder().encode(text),
  });
  if (format === transcript.format) return file(transcript.raw);
  if (format === 'json') return file(JSON.stringify(transcript.format === 'verbose_json' ? JSON.parse(transcript.raw) : { text: transcript.text }, null, 2));
  const cues = transcript.words.length
    ? cuesFromWords(transcript.words, rules, transcript.duration)
    : cuesFromSegments(transcript.segments, rules, transcript.duration);
  if (format === 'txt') return file(cues.length ? formatTxt(cues) : `${transcript.text}\n`);
  if (!cues.length) {
    throw new Error(
      `This transcript has no timings, so it cannot become ${format.toUpperCase()} subtitles. Transcribe it again with word timings (or as ${format.toUpperCase()} subtitles).`,
    );
  }
  return file(format === 'srt' ? formatSrt(cues) : formatVtt(cues));
}
