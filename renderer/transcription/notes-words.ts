import type { TFunction } from 'i18next';
import type { NoteSection, NoteTemplate } from '../../shared/contract/notes';

/** The built-in templates' names and sections in the user's language (main keeps them in English, as the model reads them). */
const TEMPLATE_NAMES = { meeting: 'notes.builtIn.meeting', interview: 'notes.builtIn.interview', lecture: 'notes.builtIn.lecture' } as const;
const SECTION_TITLES = {
  summary: 'notes.section.summary',
  decisions: 'notes.section.decisions',
  actions: 'notes.section.actions',
  questions: 'notes.section.questions',
  answers: 'notes.section.answers',
  quotes: 'notes.section.quotes',
  follow_up: 'notes.section.follow_up',
  concepts: 'notes.section.concepts',
  examples: 'notes.section.examples',
  assignments: 'notes.section.assignments',
} as const;

const known = <T extends object>(map: T, key: string): key is Extract<keyof T, string> => Object.hasOwn(map, key);

export const templateName = (template: NoteTemplate, t: TFunction<'transcription'>) =>
  template.builtIn && known(TEMPLATE_NAMES, template.id) ? t(TEMPLATE_NAMES[template.id]) : template.name;

export const sectionTitle = (template: NoteTemplate, section: NoteSection, t: TFunction<'transcription'>) =>
  template.builtIn && known(SECTION_TITLES, section.key) ? t(SECTION_TITLES[section.key]) : section.title;
