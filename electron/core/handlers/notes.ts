import type { Contract } from '../../../shared/contract';
import type { NoteTemplate, TranscriptNotes } from '../../../shared/contract/notes';
import type { Handlers } from '../router';
import type { HistoryStore } from '../services/history/history-store';
import type { MainWords } from '../services/language/language-service';
import type { FileSaver } from '../services/storage/file-saver';
import { notesFile } from '../services/transcript-notes/notes-export';
import type { NotesService } from '../services/transcript-notes/notes-service';
import { notesInWords, templateInWords } from '../services/transcript-notes/template-words';
import { Problem } from '../../../shared/domain/problem';

export function notesHandlers(deps: { notes: NotesService; history: HistoryStore; files: FileSaver; words: MainWords }): Handlers<Contract>['notes'] {
  const { notes, history } = deps;
  const known = (transcriptId: string) => {
    if (!history.transcripts.exists(transcriptId)) throw new Problem('transcript.gone');
  };
  // The service keeps built-in templates in the model's English; the page gets them in the user's words.
  const templates = (list: NoteTemplate[]) => list.map((template) => templateInWords(template, deps.words));
  const shown = (made: TranscriptNotes) => notesInWords(made, deps.words);
  return {
    templates: async () => templates(notes.templates()),
    saveTemplate: async (input) => templates(notes.saveTemplate(input, (template) => templateInWords(template, deps.words))),
    get: async ({ transcriptId }) => {
      const made = notes.get(transcriptId);
      return made && shown(made);
    },
    async make(input, ctx) {
      known(input.transcriptId);
      await notes.make(input, { signal: ctx.signal, emit: (event) => ctx.emit(event.type === 'done' ? { ...event, notes: shown(event.notes) } : event) });
    },
    editItem: async ({ transcriptId, itemId, text }) => shown(notes.editItem(transcriptId, itemId, text)),
    async export({ transcriptId, format }) {
      const made = notes.get(transcriptId);
      if (!made) throw new Problem('notes.none');
      return deps.files.save(await notesFile(made, history.transcripts.get(transcriptId).fileName, format, deps.words));
    },
  };
}
