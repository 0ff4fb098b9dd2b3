import type { NoteTemplate, TranscriptNotes } from '../../../../shared/contract/notes';
import type { MainWords } from '../language/language-service';

// The built-in templates are kept in English, as the model reads them (prompt.ts); what the user
// sees of them, on the page and in exports, is worded here, in one place.
const NAMES = { meeting: 'notesTemplates.meeting', interview: 'notesTemplates.interview', lecture: 'notesTemplates.lecture' } as const;
const SECTION_TITLES = {
  summary: 'notesTemplates.section.summary',
  decisions: 'notesTemplates.section.decisions',
  actions: 'notesTemplates.section.actions',
  questions: 'notesTemplates.section.questions',
  answers: 'notesTemplates.section.answers',
  quotes: 'notesTemplates.section.quotes',
  follow_up: 'notesTemplates.section.follow_up',
  concepts: 'notesTemplates.section.concepts',
  examples: 'notesTemplates.section.examples',
  assignments: 'notesTemplates.section.assignments',
} as const;

const known = <T extends object>(map: T, key: string): key is Extract<keyof T, string> => Object.hasOwn(map, key);

/** A template as the user reads it: a built-in one's name and section titles in main's language; the user's own as written. */
export function templateInWords(template: NoteTemplate, words: MainWords): NoteTemplate {
  if (!template.builtIn) return template;
  return {
    ...template,
    name: known(NAMES, template.id) ? words(NAMES[template.id]) : template.name,
    sections: template.sections.map((section) => (known(SECTION_TITLES, section.key) ? { ...section, title: words(SECTION_TITLES[section.key]) } : section)),
  };
}

export const notesInWords = (notes: TranscriptNotes, words: MainWords): TranscriptNotes => ({ ...notes, template: templateInWords(notes.template, words) });
