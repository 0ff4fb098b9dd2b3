import type { EditorDocument, EditorExportFormat } from '../../../shared/contract/transcriptEditor';
import type { TranscriptRecord } from '../../../shared/contract/transcription';
import type { FileToSave } from '../file-saver';
import { editedDocx, editedJson, editedMarkdown, editedText } from './documents';
import { type ExportOptions, editedSubtitles } from './subtitles';

const MIME: Record<EditorExportFormat, string> = {
  srt: 'application/x-subrip',
  vtt: 'text/vtt',
  txt: 'text/plain',
  md: 'text/markdown',
  json: 'application/json',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const baseName = (fileName: string) => fileName.replace(/\.[^.]+$/, '') || 'transcript';

/** The file for an export of the edited transcript; subtitles need timings and say so. */
export async function editedFile(record: TranscriptRecord, document: EditorDocument, format: EditorExportFormat, options: ExportOptions): Promise<FileToSave> {
  const file = (bytes: Uint8Array) => ({ fileName: `${baseName(record.fileName)}.${format}`, mimeType: MIME[format], bytes });
  const text = (value: string) => file(new TextEncoder().encode(value));
  switch (format) {
    case 'srt':
    case 'vtt':
      if (!document.blocks.some((block) => block.times)) {
        throw new Error(
          `This transcript has no timings, so it cannot become ${format.toUpperCase()} subtitles. Transcribe it again with word timings.`,
        );
      }
      return text(editedSubtitles(document, format, options, record.transcript.duration));
    case 'txt':
      return text(editedText(document, options));
    case 'md':
      return text(editedMarkdown(record, document, options));
    case 'json':
      return text(editedJson(record, document));
    case 'docx':
      return file(await editedDocx(record, document, options));
  }
}
