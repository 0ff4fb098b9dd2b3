import { deflateSync } from 'node:zlib';
import { Document, Packer, Paragraph } from 'docx';

/**
 * A PDF written by hand, object by object, with a cross-reference table of byte offsets: enough
 * for pdf.js, and no PDF writer among the dependencies. `pages` pages, each with its own line of
 * text (`Page N: <text>`), or one content stream shared by all (`shared`: how a page-count bomb is
 * small). `content` replaces the page's stream (a deflate bomb).
 */
export function makePdf(options: { pages: number; text?: (page: number) => string; content?: Buffer; sharedContent?: boolean }): Buffer {
  const { pages } = options;
  const text = options.text ?? ((page) => `Page ${page}: the quick brown fox`);
  const objects: string[] = [];
  const chunks: Buffer[] = [];
  const add = (body: string | Buffer, stream?: Buffer) => {
    objects.push('');
    const number = objects.length;
    chunks.push(Buffer.from(`${number} 0 obj\n`), Buffer.isBuffer(body) ? body : Buffer.from(body));
    if (stream) chunks.push(Buffer.from('\nstream\n'), stream, Buffer.from('\nendstream'));
    chunks.push(Buffer.from('\nendobj\n'));
    return number;
  };
  // 1: catalog, 2: pages, 3: font; then per page a content stream and a page.
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add('PAGES');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const contentOf = (page: number) => {
    if (options.content) return add(`<< /Length ${options.content.length} /Filter /FlateDecode >>`, options.content);
    const stream = Buffer.from(`BT /F1 12 Tf 72 720 Td (${text(page)}) Tj ET`);
    return add(`<< /Length ${stream.length} >>`, stream);
  };
  const shared = options.sharedContent ? contentOf(1) : 0;
  const kids: number[] = [];
  for (let page = 1; page <= pages; page++) {
    const content = shared || contentOf(page);
    kids.push(add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${content} 0 R >>`));
  }
  // The pages object is written in place of its placeholder, now that the kids are known.
  const pagesBody = Buffer.from(`<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${pages} >>`);
  chunks[4] = pagesBody;
  const header = Buffer.from('%PDF-1.4\n');
  const offsets: number[] = [];
  let at = header.length;
  for (let i = 0; i < chunks.length; i++) {
    if (chunks[i]!.toString('latin1').match(/^\d+ 0 obj\n$/)) offsets.push(at);
    at += chunks[i]!.length;
  }
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  const trailer = `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`;
  return Buffer.concat([header, ...chunks, Buffer.from(xref + trailer)]);
}

/** A PDF whose one page's text stream inflates to `megabytes` MB of text-drawing operators: a decompression bomb. */
export function makePdfBomb(megabytes: number): Buffer {
  const line = Buffer.from('BT /F1 12 Tf 72 720 Td (bomb bomb bomb bomb bomb bomb bomb bomb) Tj ET\n');
  const block = Buffer.alloc(1024 * 1024, line.toString('latin1'), 'latin1');
  const parts = Array.from({ length: megabytes }, () => block);
  return makePdf({ pages: 1, content: deflateSync(Buffer.concat(parts), { level: 9 }) });
}

/** A DOCX with these paragraphs, written by the docx package. */
export async function makeDocx(paragraphs: string[]): Promise<Buffer> {
  const document = new Document({ sections: [{ children: paragraphs.map((text) => new Paragraph(text)) }] });
  return Packer.toBuffer(document);
}
