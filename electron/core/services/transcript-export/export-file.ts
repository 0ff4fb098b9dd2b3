import type { EditorDocument, EditorExportFormat } from '../../../../shared/contract/transcriptEditor';
import type { TranscriptRecord } from '../../../../shared/contract/transcription';
import type { FileToSave } from '../storage/file-saver';
import { editedDocx, editedJson, editedMarkdown, editedText } from './documents';
import { type ExportOptions, editedSubtitles } from './subtitles';
import { talkTime } from './talk-time';
import { Problem } from '../../../../shared/domain/problem';

const MIME: Record<EditorExportFormat, string> = {
  srt: 'application/x-subrip',
  vtt: 'text/vtt',
  txt: 'text/plain',
  md: 'text/markdown',
  json: 'application/json',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** A recording's name without its extension, as every file made from it is named. */
export const baseName = (fileName: string) => fileName.replace(/\.[^.]+$/, '') || 'transcript';

/**
 * The one writer of a transcript's files, for its page and its editor alike. Until it is edited,
 * what the service itself returned is kept as it came (its SRT or VTT byte for byte, its JSON
 * answer); everything else, and everything once edited, is made from the document.
 */
export async function transcriptFile(
  current: { record: TranscriptRecord; document: EditorDocument; edited: boolean },
  format: EditorExportFormat,
  options: ExportOptions,
): Promise<FileToSave> {
  const { record, document, edited } = current;
  const { transcript } = record;
  if (!edited && format === transcript.format) return textFile(record, format, transcript.raw);
  if (!edited && format === 'json') {
    const answer = transcript.format === 'verbose_json' || transcript.format === 'json' ? JSON.parse(transcript.raw) : { text: transcript.text };
    // Markers are Confab's, not the service's: beside its answer, when the recording has any.
    return textFile(record, format, JSON.stringify(transcript.markers?.length ? { ...answer, markers: transcript.markers } : answer, null, 2));
  }
  return editedFile(record, document, format, options);
}

const textFile = (record: TranscriptRecord, format: EditorExportFormat, text: string): FileToSave => ({
  fileName: `${baseName(record.fileName)}.${format}`,
  mimeType: MIME[format],
  bytes: new TextEncoder().encode(text),
});

/** The file for an export of the edited transcript; subtitles need timings and say so. */
export async function editedFile(record: TranscriptRecord, document: EditorDocument, format: EditorExportFormat, options: ExportOptions): Promise<FileToSave> {
  const text = (value: string) => textFile(record, format, value);
  switch (format) {
    case 'srt':
    case 'vtt':
      if (!document.blocks.some((block) => block.times)) {
        throw new Problem('export.no_timings', { format: format.toUpperCase() });
      }
      return text(editedSubtitles(document, format, options, record.transcript.duration));
    case 'txt':
      return text(editedText(document, options, { list: record.transcript.markers ?? [], name: (marker, number) => marker.label || options.words('export.marker', { number }) }));
    case 'md':
      return text(editedMarkdown(record, document, options, options.words('export.talkTime'), talkTime(document, options.resolvePerson)));
    case 'json':
      return text(editedJson(record, document, talkTime(document, options.resolvePerson)));
    case 'docx':
      return { ...textFile(record, format, ''), bytes: await editedDocx(record, document, options, options.words('export.talkTime'), talkTime(document, options.resolvePerson)) };
  }
}
