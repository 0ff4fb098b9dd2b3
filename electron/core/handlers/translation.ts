import type { Contract } from '../../../shared/contract';
import { Problem } from '../../../shared/domain/problem';
import type { Handlers } from '../router';
import type { HistoryStore } from '../services/history/history-store';
import type { FileSaver } from '../services/storage/file-saver';
import type { TranslateService } from '../services/transcript-translate/translate-service';
import { translationFile } from '../services/transcript-translate/translation-export';

/** The translation area: every call checked against the contract by the router, the transcript known here. */
export function translationHandlers(deps: { translation: TranslateService; history: HistoryStore; files: FileSaver }): Handlers<Contract>['translation'] {
  const { translation, history } = deps;
  const known = (transcriptId: string) => {
    if (!history.transcripts.exists(transcriptId)) throw new Problem('transcript.gone');
  };
  return {
    list: async ({ transcriptId }) => (known(transcriptId), translation.list(transcriptId)),
    get: async ({ transcriptId, language }) => (known(transcriptId), translation.get(transcriptId, language)),
    estimate: async ({ transcriptId, language, only }) => (known(transcriptId), translation.estimate(transcriptId, language, only)),
    start: async ({ transcriptId, language, only }) => (known(transcriptId), translation.start(transcriptId, language, only)),
    editRow: async ({ transcriptId, language, rowId, text }) => (known(transcriptId), translation.editRow(transcriptId, language, rowId, text)),
    find: async ({ transcriptId, language, ...options }) => (known(transcriptId), translation.find(transcriptId, language, options)),
    setGlossary: async ({ transcriptId, language, entries }) => (known(transcriptId), translation.setGlossary(transcriptId, language, entries)),
    remove: async ({ transcriptId, language }) => (known(transcriptId), translation.remove(transcriptId, language)),
    async export({ transcriptId, language, format, bilingual }) {
      known(transcriptId);
      const made = translation.get(transcriptId, language);
      if (!made) throw new Problem('translation.none', { language });
      const file = translationFile(made, history.transcripts.rows.rowsOf(transcriptId), history.transcripts.get(transcriptId).fileName, format, bilingual);
      return deps.files.save(file);
    },
  };
}
