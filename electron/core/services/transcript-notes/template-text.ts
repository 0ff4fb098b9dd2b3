import { randomUUID } from 'node:crypto';
import { NOTE_INSTRUCTION_MAX, NOTE_SECTIONS_MAX, NOTE_TITLE_MAX, type NoteSection } from '../../../../shared/contract/notes';
import { Problem } from '../../../../shared/domain/problem';

/** "Decisions" and "decisions" are one section: a change of case keeps its key. */
const folded = (title: string) => title.toLocaleLowerCase();

/** A key no section had: random, so a section removed and one added later never share one (items of old notes would move under it). */
function newKey(taken: ReadonlySet<string>) {
  let key: string;
  do key = `s_${randomUUID().slice(0, 8)}`;
  while (taken.has(key));
  return key;
}

/**
 * A template's sections from the text as the user typed it: one a line, "Title: what goes
 * there" (a full-width colon too, as CJK keyboards type it); blank lines skipped. A section whose
 * title `before` had keeps its key wherever its line moved, so notes made with the template (and
 * items an update keeps) stay under it; a new title gets a new key. Bad input is refused naming
 * the line (counted as the editor shows them, blank ones included) and what is wrong.
 */
export function sectionsFromText(text: string, before: readonly NoteSection[]): NoteSection[] {
  const lines = text.split(/\r?\n/).flatMap((raw, i) => (raw.trim() ? [{ raw: raw.trim(), line: i + 1 }] : []));
  if (!lines.length) throw new Problem('notes.template_empty');
  if (lines.length > NOTE_SECTIONS_MAX) throw new Problem('notes.template_too_many_sections', { max: NOTE_SECTIONS_MAX, count: lines.length });
  const keys = new Map(before.map((section) => [folded(section.title), section.key]));
  const taken = new Set(before.map((section) => section.key));
  const seen = new Set<string>();
  return lines.map(({ raw, line }) => {
    const colon = raw.search(/[:：]/);
    const title = (colon < 0 ? raw : raw.slice(0, colon)).trim();
    const instruction = colon < 0 ? '' : raw.slice(colon + 1).trim();
    if (!title) throw new Problem('notes.template_no_title', { line });
    if (title.length > NOTE_TITLE_MAX) throw new Problem('notes.template_title_too_long', { line, max: NOTE_TITLE_MAX });
    if (instruction.length > NOTE_INSTRUCTION_MAX) throw new Problem('notes.template_instruction_too_long', { line, max: NOTE_INSTRUCTION_MAX });
    if (seen.has(folded(title))) throw new Problem('notes.template_same_title', { line, title });
    seen.add(folded(title));
    const key = keys.get(folded(title)) ?? newKey(taken);
    taken.add(key);
    return { key, title, instruction };
  });
}
