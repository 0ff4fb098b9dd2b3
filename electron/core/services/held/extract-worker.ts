/**
 * The worker thread that reads a document's text (extract.ts starts it, one per file, and ends
 * it at the caps). Parsing a PDF or a DOCX is CPU work on input a page handed over: here it
 * cannot stall main's event loop, and a file that makes it spin or swell costs only this
 * thread, which main terminates.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { unzipSync } from 'fflate';
import mammoth from 'mammoth';
import { getDocumentProxy } from 'unpdf';
import type { ProblemData } from '../../../../shared/domain/problem';
import type { ExtractAnswer, ExtractRequest } from './extract-protocol';
import { heldTokens } from './token-count';

type Read = { ok: true; text: string; pages: number | null } | { ok: false; problem: ProblemData };

const request = workerData as ExtractRequest;
const { name, caps } = request;

/** UTF-8 text, or null for bytes that are not (a binary file named .txt, garbage). */
function asText(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return null;
  }
}

/** A DOCX is a zip: what its parts say they unpack to is summed before any is unpacked (a zip bomb is refused here). */
async function docxText(bytes: Uint8Array): Promise<Read> {
  let unpacked = 0;
  unzipSync(bytes, {
    filter: (file) => {
      unpacked += file.originalSize;
      return false;
    },
  });
  if (unpacked > caps.unpackedBytes) return { ok: false, problem: { code: 'document.unpacks_too_large', values: { name, max: caps.unpackedBytes } } };
  // A part that lies about its size is caught by the worker's heap limit and main's clock.
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
  return { ok: true, text: value, pages: null };
}

async function pdfText(bytes: Uint8Array): Promise<Read> {
  const pdf = await getDocumentProxy(bytes, { stopAtErrors: true, verbosity: 0 });
  if (pdf.numPages > caps.pages) return { ok: false, problem: { code: 'document.too_many_pages', values: { name, pages: pdf.numPages, max: caps.pages } } };
  const pages: string[] = [];
  let characters = 0;
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
    characters += text.length;
    if (characters > caps.characters) return { ok: false, problem: { code: 'document.too_long', values: { name, max: caps.characters } } };
    pages.push(text);
  }
  return { ok: true, text: pages.join('\n\n'), pages: pdf.numPages };
}

async function read(): Promise<Read> {
  const bytes = new Uint8Array(await readFile(request.path));
  try {
    if (request.format === 'pdf') return await pdfText(bytes);
    if (request.format === 'docx') return await docxText(bytes);
  } catch (error) {
    return { ok: false, problem: { code: 'document.unreadable', values: { name, detail: error instanceof Error ? error.message : String(error) } } };
  }
  const text = asText(bytes);
  return text === null ? { ok: false, problem: { code: 'document.not_text', values: { name } } } : { ok: true, text, pages: null };
}

/** Reads the text, checks it against the character cap, and writes it where main asked. */
async function extract(): Promise<ExtractAnswer> {
  const answer = await read();
  if (!answer.ok) return answer;
  const { text, pages } = answer;
  if (text.length > caps.characters) return { ok: false, problem: { code: 'document.too_long', values: { name, max: caps.characters } } };
  try {
    await writeFile(request.out, text);
  } catch (error) {
    const failure = error as NodeJS.ErrnoException;
    return { ok: false, writeFailed: { code: failure.code, message: failure.message } };
  }
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  // The context budget's tokenizer (conversations/token-estimate.ts), so the chip and the plan count alike; a long paste's estimated within the time cap.
  return { ok: true, pages, characters: text.length, lines, bytes: Buffer.byteLength(text), tokens: heldTokens(text) };
}

parentPort!.postMessage(await extract());
