import { fileTypeFromBuffer } from 'file-type';
import { MAX_PASTE_BYTES } from '../../../../shared/contract/conversations';
import { MAX_DICTATION_BYTES, MAX_DICTATION_SECONDS } from '../../../../shared/contract/dictation';
import { MAX_DOCUMENT_BYTES, isDocumentName } from '../../../../shared/contract/documents';
import { MAX_IMPORT_BYTES } from '../../../../shared/contract/history';
import type { StagePurpose } from '../../../../shared/contract/staging';
import type { StagedFile } from '../../../../shared/contract/transcription';
import type { ProblemData } from '../../../../shared/domain/problem';
import { type Detection, detectAudio, readHead, refuseEarly } from './detect-audio';

/**
 * What each staging purpose accepts: a size limit, a refusal from the first bytes (before the
 * rest is copied or read), and what the whole file is once staged. staging.ts does the reading
 * and the sniffing for all of them. Refusals are codes with values; the page words them.
 */
export interface StagedKind {
  /** The name of a file whose own name has nothing usable in it (staging adds the detected extension). */
  unnamed: string;
  /** An empty file, or a folder, of this kind: each code's words say what to choose instead. */
  empty: string;
  notFile: string;
  tooLarge(name: string, size: number): ProblemData | null;
  early(head: Uint8Array, name: string): Promise<ProblemData | null>;
  recognise(path: string, name: string): Promise<Detection | { ok: true; format: StagedFile['format']; mimeType: string }>;
}

/** A conversation export is JSON text: a known binary format, or text not opening with "{", is refused by name. */
async function refuseUnlessJson(head: Uint8Array, name: string): Promise<ProblemData | null> {
  const binary = await fileTypeFromBuffer(head);
  if (binary) return { code: 'intake.export_is_binary', values: { name, type: binary.ext.toUpperCase(), mime: binary.mime } };
  const text = new TextDecoder().decode(head).replace(/^\uFEFF/, '').trimStart();
  if (!text.startsWith('{')) return { code: 'intake.export_not_json', values: { name } };
  // Confab writes "format" first; a file edited by hand may move it, and is then judged whole.
  const format = /^\{\s*"format"\s*:\s*"([^"]{0,100})"/.exec(text)?.[1];
  if (format !== undefined && format !== 'confab.conversation') return { code: 'intake.export_other_format', values: { name, format } };
  return null;
}

// No limit: a recording longer than the service takes is split into parts when it is sent.
const recording: StagedKind = {
  unnamed: 'audio',
  empty: 'intake.recording_empty',
  notFile: 'intake.recording_not_file',
  tooLarge: () => null,
  early: refuseEarly,
  recognise: detectAudio,
};

/** Pasted text is text: a known binary format is not. */
async function refuseUnlessText(head: Uint8Array, name: string): Promise<ProblemData | null> {
  const binary = await fileTypeFromBuffer(head);
  return binary ? { code: 'intake.paste_is_binary', values: { name, type: binary.ext.toUpperCase(), mime: binary.mime } } : null;
}

/** The magic a PDF or DOCX opens with; other documents are text, read as UTF-8 by the extraction. */
const DOCUMENT_MAGIC = { pdf: '%PDF-', docx: 'PK\x03\x04' } as const;

/** A document for chat: its name says its kind (DOCUMENT_EXTENSIONS), and a PDF or DOCX must open as one. */
async function recogniseDocument(path: string, name: string): Promise<Detection | { ok: true; format: StagedFile['format']; mimeType: string }> {
  const extension = name.split('.').pop()?.toLowerCase();
  if (extension !== 'pdf' && extension !== 'docx') return { ok: true, format: 'text', mimeType: 'text/plain' };
  const handle = Buffer.from(await readHead(path)).toString('latin1');
  if (!handle.startsWith(DOCUMENT_MAGIC[extension])) return { ok: false, problem: { code: 'intake.document_not_what_named', values: { name, type: extension.toUpperCase() } } };
  const mimeType = extension === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  return { ok: true, format: extension, mimeType };
}

/** original: a recording to transcribe, kept for playback. import: a conversation export. paste: a long paste. dictation: a spoken clip. document: a file for chat. */
export const STAGED_KINDS: Record<StagePurpose, StagedKind> = {
  original: recording,
  import: {
    unnamed: 'conversation',
    empty: 'intake.export_empty',
    notFile: 'intake.export_not_file',
    // Sizes cross as bytes; the page says them in the user's units.
    tooLarge: (name, size) => (size > MAX_IMPORT_BYTES ? { code: 'intake.export_too_large', values: { name, size, limit: MAX_IMPORT_BYTES } } : null),
    early: refuseUnlessJson,
    // Read and validated whole by the import itself.
    recognise: async () => ({ ok: true, format: 'json', mimeType: 'application/json' }),
  },
  paste: {
    unnamed: 'pasted text',
    empty: 'intake.paste_empty',
    notFile: 'intake.paste_not_file',
    tooLarge: (name, size) => (size > MAX_PASTE_BYTES ? { code: 'intake.paste_too_large', values: { name, size, limit: MAX_PASTE_BYTES } } : null),
    early: refuseUnlessText,
    recognise: async () => ({ ok: true, format: 'text', mimeType: 'text/plain' }),
  },
  // Raw samples have no header to sniff: the page's capture made them, and main measures them before use.
  dictation: {
    unnamed: 'dictation',
    empty: 'intake.dictation_empty',
    notFile: 'intake.dictation_empty',
    tooLarge: (name, size) =>
      size > MAX_DICTATION_BYTES
        ? { code: 'intake.dictation_too_long', values: { name, size, limit: MAX_DICTATION_BYTES, minutes: MAX_DICTATION_SECONDS / 60 } }
        : null,
    early: async () => null,
    recognise: async () => ({ ok: true, format: 'pcm', mimeType: 'audio/L16' }),
  },
  document: {
    unnamed: 'document',
    empty: 'intake.document_empty',
    notFile: 'intake.document_not_file',
    tooLarge: (name, size) => (size > MAX_DOCUMENT_BYTES ? { code: 'intake.document_too_large', values: { name, size, limit: MAX_DOCUMENT_BYTES } } : null),
    early: async (_head, name) => (isDocumentName(name) ? null : { code: 'intake.document_unsupported', values: { name } }),
    recognise: recogniseDocument,
  },
};
