import { rm } from 'node:fs/promises';
import type { Contract } from '../../shared/contract';
import type { SubtitleRules } from '../../shared/domain/transcript';
import type { Handlers } from '../ipc/router';
import type { FileSaver } from '../services/file-saver';
import type { HistoryStore } from '../services/history/history-store';
import { subtitleFile } from '../services/transcription/subtitle-file';
import type { TranscriptEditor } from '../services/transcript-editor/editor-service';
import type { TranscriptionService } from '../services/transcription/transcription-service';

export function transcriptionHandlers(deps: {
  transcription: TranscriptionService;
  history: HistoryStore;
  files: FileSaver;
  /** Where the page plays a saved recording from (the bytes go by URL, with range requests). */
  mediaUrl(transcriptId: string): string;
  /** The user's subtitle rules (main keeps them in settings). */
  subtitleRules(): SubtitleRules;
  /** The editor's documents: prepared for a transcript being shown, forgotten with a deleted one. */
  editor: Pick<TranscriptEditor, 'prepare' | 'forget'>;
}): Handlers<Contract>['transcription'] {
  const { history } = deps;
  return {
    discard: ({ fileId }) => deps.transcription.discard(fileId),
    list: async () => history.transcripts.list(),
    async open({ id }) {
      const record = history.transcripts.get(id);
      // After this reply has been sent: the page's own request comes first.
      setImmediate(() => deps.editor.prepare(id));
      return record;
    },

    async remove({ id }) {
      const audio = history.transcripts.remove(id);
      // A backup may bring the transcript back, without edits: the editor must read it anew.
      deps.editor.forget(id);
      if (audio) await rm(audio, { force: true });
    },

    async audioUrl({ id }) {
      if (!history.transcripts.audioPath(id)) throw new Error('The original audio of this transcript was not kept.');
      return { url: deps.mediaUrl(id) };
    },

    exportSubtitles: async ({ id, format }) => deps.files.save(subtitleFile(history.transcripts.get(id), format, deps.subtitleRules())),
  };
}
