import type { NoteTemplate } from '../../../../shared/contract/notes';

const section = (key: string, title: string, instruction: string) => ({ key, title, instruction });

/**
 * The templates every user has. Kept in code, not in the history: an update can improve their
 * instructions for everyone, and a user who wants other sections saves a copy of their own.
 */
export const BUILT_IN_TEMPLATES: readonly NoteTemplate[] = [
  {
    id: 'meeting',
    name: 'Meeting',
    builtIn: true,
    sections: [
      section('summary', 'Summary', 'A few items saying what the meeting was about and what came of it.'),
      section('decisions', 'Decisions', 'Each decision taken, as said. Only what was decided, not what was discussed.'),
      section('actions', 'Action items', 'Each task someone took on: the task, with "owner" set to who does it and "due" to when, only where the transcript says so.'),
      section('questions', 'Open questions', 'Questions raised and not answered, and matters left for later.'),
    ],
  },
  {
    id: 'interview',
    name: 'Interview',
    builtIn: true,
    sections: [
      section('summary', 'Summary', 'Who was interviewed about what, in a few items.'),
      section('answers', 'Main answers', 'The main answers given, each in one sentence, in the order asked.'),
      section('quotes', 'Notable statements', 'Statements worth quoting, close to the words said.'),
      section('follow_up', 'Follow-up', 'What should be asked or checked next.'),
    ],
  },
  {
    id: 'lecture',
    name: 'Lecture',
    builtIn: true,
    sections: [
      section('summary', 'Summary', 'What the lecture covered, in a few items.'),
      section('concepts', 'Core concepts', 'Each concept, term or definition explained, one per item.'),
      section('examples', 'Examples', 'Examples and demonstrations given.'),
      section('assignments', 'Assignments and dates', 'Homework, readings and dates announced, with "due" where said.'),
    ],
  },
];
