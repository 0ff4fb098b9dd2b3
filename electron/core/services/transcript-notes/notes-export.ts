import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import type { NoteItem, TranscriptNotes } from '../../../../shared/contract/notes';
import type { MainWords } from '../language/language-service';
import type { FileToSave } from '../storage/file-saver';
import { baseName } from '../transcript-export/export-file';
import { clockTime } from '../transcript-export/paragraphs';
import { templateInWords } from './template-words';

/** An item's parts as both formats write them: its time, the user's line, the text, and what is said about it. */
function partsOf(item: NoteItem, words: MainWords) {
  const notes = [
    item.owner && words('export.notes_owner', { owner: item.owner }),
    item.due && words('export.notes_due', { due: item.due }),
    item.status === 'unsupported' && words('export.notes_unsupported'),
    item.status === 'unchecked' && item.rows.length > 0 && words('export.notes_unchecked'),
  ].filter((note): note is string => !!note);
  return { time: item.startMs === null ? null : `[${clockTime(item.startMs / 1000)}]`, user: item.userText, text: item.text, notes };
}

/** Sections in the template's order, titled as the page titles them, each with its items; a section without items is left out. */
const sectionsOf = (notes: TranscriptNotes, words: MainWords) =>
  templateInWords(notes.template, words)
    .sections.map((section) => ({ title: section.title, items: notes.items.filter((item) => item.section === section.key) }))
    .filter((section) => section.items.length);

const escapeMarkdown = (text: string) => text.replace(/([\\`*_[\]<>#|])/g, '\\$1');

export function notesMarkdown(notes: TranscriptNotes, fileName: string, words: MainWords): string {
  const lines = [`# ${escapeMarkdown(words('export.notes_title', { name: fileName }))}`, ''];
  for (const section of sectionsOf(notes, words)) {
    lines.push(`## ${escapeMarkdown(section.title)}`, '');
    for (const item of section.items) {
      const { time, user, text, notes: said } = partsOf(item, words);
      const body = [user && `**${escapeMarkdown(user)}**`, text && escapeMarkdown(text)].filter(Boolean).join(' — ');
      lines.push(`- ${time ? `${time} ` : ''}${body}${said.length ? ` _(${escapeMarkdown(said.join('; '))})_` : ''}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

export async function notesDocx(notes: TranscriptNotes, fileName: string, words: MainWords): Promise<Uint8Array> {
  const title = words('export.notes_title', { name: fileName });
  const children = [new Paragraph({ text: title, heading: HeadingLevel.HEADING_1 })];
  for (const section of sectionsOf(notes, words)) {
    children.push(new Paragraph({ text: section.title, heading: HeadingLevel.HEADING_2 }));
    for (const item of section.items) {
      const { time, user, text, notes: said } = partsOf(item, words);
      const runs = [
        ...(time ? [new TextRun({ text: `${time} `, color: '555555' })] : []),
        ...(user ? [new TextRun({ text: text ? `${user} — ` : user, bold: true })] : []),
        new TextRun(text),
        ...(said.length ? [new TextRun({ text: ` (${said.join('; ')})`, italics: true })] : []),
      ];
      children.push(new Paragraph({ children: runs, bullet: { level: 0 } }));
    }
  }
  const doc = new Document({ creator: 'Confab', title, sections: [{ children }] });
  return new Uint8Array(await Packer.toBuffer(doc));
}

/** The notes as a file to save: Markdown or Word, named after the recording. */
export async function notesFile(notes: TranscriptNotes, fileName: string, format: 'md' | 'docx', words: MainWords): Promise<FileToSave> {
  const name = `${baseName(fileName)} notes.${format}`;
  return format === 'md'
    ? { fileName: name, mimeType: 'text/markdown', bytes: new TextEncoder().encode(notesMarkdown(notes, fileName, words)) }
    : { fileName: name, mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes: await notesDocx(notes, fileName, words) };
}
