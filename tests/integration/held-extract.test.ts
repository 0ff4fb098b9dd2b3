import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_CAPS } from '../../shared/contract/documents';
import { extractText } from '../../electron/core/services/held/extract';
import { makeDocx, makePdf, makePdfBomb } from '../support/documents';
import { testFolder } from '../support/temp-folder';

describe('document text, read off main thread under caps', () => {
  const file = async (name: string, bytes: Buffer | string) => {
    const path = join(await testFolder('confab-held-'), name);
    await writeFile(path, bytes);
    return path;
  };

  it('reads every page of a 30-page PDF', async () => {
    const answer = await extractText(await file('report.pdf', makePdf({ pages: 30 })), 'report.pdf', 'pdf');
    expect(answer).toMatchObject({ ok: true, pages: 30 });
    if (answer.ok) for (const page of [1, 15, 30]) expect(answer.text).toContain(`Page ${page}: the quick brown fox`);
  });

  it('reads a DOCX', async () => {
    const answer = await extractText(await file('notes.docx', await makeDocx(['First paragraph.', 'Second paragraph.'])), 'notes.docx', 'docx');
    expect(answer).toMatchObject({ ok: true, pages: null });
    if (answer.ok) expect(answer.text).toMatch(/First paragraph\.\s+Second paragraph\./);
  });

  it('refuses a PDF with more pages than the cap, by name', async () => {
    const answer = await extractText(await file('many.pdf', makePdf({ pages: DOCUMENT_CAPS.pages + 1, sharedContent: true })), 'many.pdf', 'pdf');
    expect(answer).toEqual({ ok: false, problem: { code: 'document.too_many_pages', values: { name: 'many.pdf', pages: DOCUMENT_CAPS.pages + 1, max: DOCUMENT_CAPS.pages } } });
  });

  it('ends a decompression bomb at the caps, in bounded time', async () => {
    const caps = { ...DOCUMENT_CAPS, seconds: 3, heapMb: 64 };
    const started = performance.now();
    const answer = await extractText(await file('bomb.pdf', makePdfBomb(200)), 'bomb.pdf', 'pdf', caps);
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(['document.timed_out', 'document.too_big_to_read', 'document.too_long']).toContain(answer.problem.code);
    expect(performance.now() - started).toBeLessThan(caps.seconds * 1000 + 2000);
  });

  it('refuses binary garbage named as text', async () => {
    const answer = await extractText(await file('x.txt', Buffer.from([0xff, 0x00, 0xfe, 0x01])), 'x.txt', 'text');
    expect(answer).toEqual({ ok: false, problem: { code: 'document.not_text', values: { name: 'x.txt' } } });
  });
});
