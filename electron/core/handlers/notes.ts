import type { Contract } from '../../../shared/contract';
import type { Handlers } from '../router';
import type { HistoryStore } from '../services/history/history-store';
import type { MainWords } from '../services/language/language-service';
import type { FileSaver } from '../services/storage/file-saver';
import { notesFile } from '../services/transcript-notes/notes-export';
import type { NotesService } from '../services/transcript-notes/notes-service';
import { Problem } from '../../../shared/domain/problem';

export function notesHandlers(deps: { notes: NotesService; history: HistoryStore; files: FileSaver; words: MainWords }): Handlers<Contract>['notes'] {
  const { notes, history } = deps;
  const known = (transcriptId: string) => {
    if (!history.transcripts.exists(transcriptId)) throw new Problem('transcript.gone');
  };
  return {
    templates: async () => notes.templates(),
    saveTemplate: async (template) => notes.saveTemplate(template),
    get: async ({ transcriptId }) => notes.get(transcriptId),
    async make(input, ctx) {
      known(input.transcriptId);
      await notes.make(input, ctx);
    },
    editItem: async ({ transcriptId, itemId, text }) => notes.editItem(transcriptId, itemId, text),
    async export({ transcriptId, format }) {
      const made = notes.get(transcriptId);
      if (!made) throw new Problem('notes.none');
      return deps.files.save(await notesFile(made, history.transcripts.get(transcriptId).fileName, format, deps.words));
    },
  };
}
