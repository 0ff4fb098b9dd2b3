import { fileTypeFromBuffer } from 'file-type';
import { MAX_PASTE_BYTES } from '../../../../shared/contract/conversations';
import { MAX_IMPORT_BYTES } from '../../../../shared/contract/history';
import type { StagePurpose } from '../../../../shared/contract/staging';
import type { StagedFile } from '../../../../shared/contract/transcription';
import { megabytes } from '../../../../shared/domain/sizes';
import { type Detection, detectAudio, refuseEarly } from './detect-audio';

/**
 * What each staging purpose accepts: a size limit, a refusal from the first bytes (before the
 * rest is copied or read), and what the whole file is once staged. staging.ts does the reading
 * and the sniffing for all of them.
 */
export interface StagedKind {
  /** Said after a refusal: what the user should choose instead. */
  choose: string;
  tooLarge(name: string, size: number): string | null;
  early(head: Uint8Array, name: string): Promise<string | null>;
  recognise(path: string, name: string): Promise<Detection | { ok: true; format: StagedFile['format']; mimeType: string }>;
}

const CHOOSE_EXPORT = 'Choose a conversation exported from Confab as JSON.';

/** A conversation export is JSON text: a known binary format, or text not opening with "{", is refused by name. */
async function refuseUnlessJson(head: Uint8Array, name: string): Promise<string | null> {
  const binary = await fileTypeFromBuffer(head);
  if (binary) return `${name} is not a conversation export: it is ${binary.ext.toUpperCase()} (${binary.mime}). ${CHOOSE_EXPORT}`;
  const text = new TextDecoder().decode(head).replace(/^\uFEFF/, '').trimStart();
  if (!text.startsWith('{')) return `${name} is not a conversation export: it does not begin as JSON (with “{”). ${CHOOSE_EXPORT}`;
  // Confab writes "format" first; a file edited by hand may move it, and is then judged whole.
  const format = /^\{\s*"format"\s*:\s*"([^"]{0,100})"/.exec(text)?.[1];
  if (format !== undefined && format !== 'confab.conversation') {
    return `${name} is not a Confab conversation export (its "format" is "${format}", not "confab.conversation"). ${CHOOSE_EXPORT}`;
  }
  return null;
}

// No limit: a recording longer than the service takes is split into parts when it is sent.
const recording: StagedKind = {
  choose: 'Choose the recording itself.',
  tooLarge: () => null,
  early: refuseEarly,
  recognise: detectAudio,
};

/** Pasted text is text: a known binary format is not. */
async function refuseUnlessText(head: Uint8Array, name: string): Promise<string | null> {
  const binary = await fileTypeFromBuffer(head);
  return binary ? `${name} is not text: it is ${binary.ext.toUpperCase()} (${binary.mime}). Paste text, or attach the file where Confab takes files.` : null;
}

/** original: a recording to transcribe, kept for playback. import: a conversation export. paste: a long paste. */
export const STAGED_KINDS: Record<StagePurpose, StagedKind> = {
  original: recording,
  import: {
    choose: CHOOSE_EXPORT,
    tooLarge: (name, size) =>
      size > MAX_IMPORT_BYTES ? `${name} is more than the ${megabytes(MAX_IMPORT_BYTES)} Confab imports (it is ${megabytes(size)}). Nothing was imported.` : null,
    early: refuseUnlessJson,
    // Read and validated whole by the import itself.
    recognise: async () => ({ ok: true, format: 'json', mimeType: 'application/json' }),
  },
  paste: {
    choose: 'Paste some text.',
    tooLarge: (name, size) =>
      size > MAX_PASTE_BYTES ? `${name} is more than the ${megabytes(MAX_PASTE_BYTES)} Confab holds (it is ${megabytes(size)}). Paste a shorter part.` : null,
    early: refuseUnlessText,
    recognise: async () => ({ ok: true, format: 'text', mimeType: 'text/plain' }),
  },
};
