import { Document, HeadingLevel, Packer, Paragraph as DocxParagraph, TextRun } from 'docx';
import type { EditorDocument, EditorExportOptions, TalkTime } from '../../../../shared/contract/transcriptEditor';
import type { TranscriptRecord } from '../../../../shared/contract/transcription';
import { placeMarkers } from '../../../../shared/domain/markers';
import type { Marker } from '../../../../shared/domain/transcript';
import { joinWords } from '../../../../shared/domain/words';
import { type Paragraph, clockTime, paragraphsOf } from './paragraphs';
import { talkTimeLines } from './talk-time';

type Stamps = Pick<EditorExportOptions, 'timestamps'>;

const stamp = (paragraph: Paragraph, options: Stamps) => (options.timestamps && paragraph.start !== null ? `[${clockTime(paragraph.start)}] ` : '');

/** Marker names as main words them: the label, or "Marker 2" for one without. */
export type MarkerNames = (marker: Marker, number: number) => string;

/**
 * Plain text: one paragraph per block of speech, "Name: " where a speaker is known, and each
 * marker dropped while recording on a line of its own where it falls, with its time.
 */
export function editedText(document: EditorDocument, options: Stamps, markers: { list: readonly Marker[]; name: MarkerNames } | null = null): string {
  const paragraphs = paragraphsOf(document, markers ? markers.list.map((marker) => marker.at).sort((a, b) => a - b) : []);
  const lines = paragraphs.map((paragraph) => `${stamp(paragraph, options)}${paragraph.speaker ? `${paragraph.speaker}: ` : ''}${paragraph.text}`);
  if (markers) {
    const placed = placeMarkers(
      paragraphs.map((paragraph) => paragraph.start),
      markers.list,
    );
    // From the last, so each goes in before the paragraph it precedes as the earlier ones' places stay.
    for (const { marker, number, before } of placed.reverse()) lines.splice(before, 0, `[${clockTime(marker.at)}] ◆ ${markers.name(marker, number)}`);
  }
  const text = lines.join('\n\n');
  return text && `${text}\n`;
}

/** Markdown characters that would turn words into markup are escaped. */
const escapeMarkdown = (text: string) => text.replace(/([\\`*_[\]<>#|])/g, '\\$1');

/** `talkHeading`: the talk-time section's heading in main's language (the section follows the text when anyone spoke). */
export function editedMarkdown(record: TranscriptRecord, document: EditorDocument, options: Stamps, talkHeading: string, times: readonly TalkTime[]): string {
  const body = paragraphsOf(document).map(
    (paragraph) => `${stamp(paragraph, options)}${paragraph.speaker ? `**${escapeMarkdown(paragraph.speaker)}:** ` : ''}${escapeMarkdown(paragraph.text)}`,
  );
  const talk = talkTimeLines(times).map((line) => `- ${escapeMarkdown(line.name)}: ${line.time}`);
  const section = talk.length ? `\n## ${escapeMarkdown(talkHeading)}\n\n${talk.join('\n')}\n` : '';
  return `# ${escapeMarkdown(record.fileName)}\n\n${body.join('\n\n')}\n${section}`;
}

/** The edited transcript as data: speakers, rows with their words and times in seconds. */
export function editedJson(record: TranscriptRecord, document: EditorDocument, times: readonly TalkTime[]): string {
  const names = new Map(document.speakers.map((speaker) => [speaker.id, speaker.name]));
  const rows = document.blocks.map((block) => ({
    id: block.id,
    speaker: block.speaker ? (names.get(block.speaker) ?? null) : null,
    text: joinWords(block.words),
    ...(block.times && {
      start: (block.times[0] ?? 0) / 1000,
      end: (block.times.at(-1) ?? 0) / 1000,
      words: block.words.map((word, i) => ({ word, start: block.times![i * 2]! / 1000, end: block.times![i * 2 + 1]! / 1000 })),
    }),
  }));
  const { language, duration } = record.transcript;
  const { markers } = record.transcript;
  const talk = times.map((entry) => ({ speaker: entry.name, person: entry.person, seconds: entry.ms / 1000 }));
  const data = {
    file: record.fileName,
    language,
    duration,
    speakers: document.speakers.map((s) => s.name),
    ...(talk.length && { talkTime: talk }),
    text: editedText(document, { timestamps: false }).trim(),
    rows,
  };
  return JSON.stringify(markers?.length ? { ...data, markers } : data, null, 2);
}

/** A Word document (the `docx` package): the file name as a heading, a paragraph per block of speech. */
export async function editedDocx(record: TranscriptRecord, document: EditorDocument, options: Stamps, talkHeading: string, times: readonly TalkTime[]): Promise<Uint8Array> {
  const paragraphs = paragraphsOf(document).map((paragraph) => {
    const runs: TextRun[] = [];
    const time = stamp(paragraph, options);
    if (time) runs.push(new TextRun({ text: time, color: '555555' }));
    if (paragraph.speaker) runs.push(new TextRun({ text: `${paragraph.speaker}: `, bold: true }));
    runs.push(new TextRun(paragraph.text));
    return new DocxParagraph({ children: runs, spacing: { after: 160 } });
  });
  const talk = talkTimeLines(times).map(
    (line) => new DocxParagraph({ children: [new TextRun({ text: `${line.name}: `, bold: true }), new TextRun(line.time)], spacing: { after: 80 } }),
  );
  const talkSection = talk.length ? [new DocxParagraph({ text: talkHeading, heading: HeadingLevel.HEADING_2 }), ...talk] : [];
  const doc = new Document({
    creator: 'Confab',
    title: record.fileName,
    sections: [{ children: [new DocxParagraph({ text: record.fileName, heading: HeadingLevel.HEADING_1 }), ...paragraphs, ...talkSection] }],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}
