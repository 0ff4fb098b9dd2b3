import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_CAPS, type DocumentCaps } from '../../shared/contract/documents';
import { extractText } from '../../electron/core/services/held/extract';
import { makeDocx, makePdf, makePdfBomb } from '../support/documents';
import { testFolder } from '../support/temp-folder';

// Each document is read by a worker thread of its own, which writes the text where main asks.
async function read(name: string, bytes: Uint8Array, format: 'pdf' | 'docx' | 'text', caps: DocumentCaps = DOCUMENT_CAPS) {
  const folder = await testFolder('confab-held-');
  await writeFile(join(folder, name), bytes);
  const out = join(folder, 'text.txt');
  const answer = await extractText(join(folder, name), out, name, format, caps);
  return { answer, text: answer.ok ? await readFile(out, 'utf8') : null };
}

describe('document text, read off main thread under caps', () => {
  it('reads every page of a 30-page PDF', async () => {
    const { answer, text } = await read('report.pdf', makePdf({ pages: 30 }), 'pdf');
    expect(answer).toMatchObject({ ok: true, pages: 30 });
    for (const page of [1, 15, 30]) expect(text).toContain(`Page ${page}: the quick brown fox`);
  });

  it('reads a DOCX', async () => {
    const { answer, text } = await read('notes.docx', await makeDocx(['First paragraph.', 'Second paragraph.']), 'docx');
    expect(answer).toMatchObject({ ok: true, pages: null });
    expect(text).toMatch(/First paragraph\.\s+Second paragraph\./);
  });

  it('refuses a PDF with more pages than the cap, by name', async () => {
    const { answer } = await read('many.pdf', makePdf({ pages: DOCUMENT_CAPS.pages + 1, sharedContent: true }), 'pdf');
    expect(answer).toEqual({ ok: false, problem: { code: 'document.too_many_pages', values: { name: 'many.pdf', pages: DOCUMENT_CAPS.pages + 1, max: DOCUMENT_CAPS.pages } } });
  });

  it('ends a PDF decompression bomb at the caps, in bounded time', async () => {
    const caps = { ...DOCUMENT_CAPS, seconds: 3, heapMb: 64 };
    const bomb = makePdfBomb(200);
    const started = performance.now();
    const { answer } = await read('bomb.pdf', bomb, 'pdf', caps);
    expect(answer.ok).toBe(false);
    expect(answer).toHaveProperty('problem.code', expect.stringMatching(/^document\.(timed_out|too_big_to_read|too_long)$/));
    expect(performance.now() - started).toBeLessThan(caps.seconds * 1000 + 2000);
  });

  it('refuses a DOCX whose parts unpack past the cap before unpacking any', async () => {
    const bomb = zipSync({ 'word/document.xml': new Uint8Array(20 * 1024 * 1024) }, { level: 9 });
    const { answer } = await read('bomb.docx', bomb, 'docx', { ...DOCUMENT_CAPS, unpackedBytes: 10 * 1024 * 1024 });
    expect(answer).toEqual({ ok: false, problem: { code: 'document.unpacks_too_large', values: { name: 'bomb.docx', max: 10 * 1024 * 1024 } } });
  });

  it('refuses binary garbage named as text', async () => {
    const { answer } = await read('x.txt', new Uint8Array([0xff, 0x00, 0xfe, 0x01]), 'text');
    expect(answer).toEqual({ ok: false, problem: { code: 'document.not_text', values: { name: 'x.txt' } } });
  });
});
