import { rm } from 'node:fs/promises';
import type { Contract } from '../../../shared/contract';
import type { SubtitleRules } from '../../../shared/domain/transcript';
import type { WatchEvent } from '../../../shared/contract/conversations';
import type { Handlers } from '../router';
import type { FileSaver } from '../services/storage/file-saver';
import type { MainWords } from '../services/language/language-service';
import type { HistoryStore } from '../services/history/history-store';
import { editorExportOptionsSchema } from '../../../shared/contract/transcriptEditor';
import { conversationAbout } from '../services/transcript-ask/ask';
import type { TranscriptEditor } from '../services/transcript-editor/editor-service';
import { originalDocument } from '../services/transcript-editor/original';
import { transcriptFile } from '../services/transcript-export/export-file';
import { readingOf } from '../services/transcript-export/reading';
import type { ResolvePerson } from '../services/transcript-export/talk-time';
import type { TranscriptionService } from '../services/recordings/transcription-service';
import { Problem } from '../../../shared/domain/problem';

export function transcriptionHandlers(deps: {
  transcription: TranscriptionService;
  history: HistoryStore;
  files: FileSaver;
  /** Where the page plays a saved recording from (the bytes go by URL, with range requests). */
  mediaUrl(transcriptId: string): string;
  /** The user's subtitle rules (main keeps them in settings). */
  subtitleRules(): SubtitleRules;
  /** Main's words, for what exports name (markers without a label). */
  words: MainWords;
  /** A speaker's person as merges left them, for talk time in exports. */
  resolvePerson: ResolvePerson;
  /** The editor's documents: what a transcript now reads (made when its page opens), forgotten with a deleted one. */
  editor: Pick<TranscriptEditor, 'current' | 'hasEdits' | 'forget'>;
  /** Tells every page's conversation list of a conversation Ask started. */
  tell(event: WatchEvent): void;
  /** A transcript made from a recording takes the recording's track folder with it. */
  transcriptRemoved(id: string): Promise<void>;
}): Handlers<Contract>['transcription'] {
  const { history, editor } = deps;
  const reading = (id: string) => {
    const { record, document, edited } = editor.current(id);
    return { reading: readingOf(record, document, edited), words: document.blocks.reduce((sum, block) => sum + block.words.length, 0) };
  };
  return {
    discard: ({ fileId }) => deps.transcription.discard(fileId),
    list: async () => history.transcripts.list(),
    async open({ id }) {
      // A transcript gone is said as the history says it (the editor words it as its own).
      if (!editor.hasEdits(id)) history.transcripts.get(id);
      // Edited or not, the page shows main's rows grouped as the exports group them, so the
      // document is made now (a 2-hour transcript's in ~35 ms at low load) and kept for the editor.
      return reading(id).reading;
    },

    // As its page read it before any edit: the service's text and words, in main's paragraphs of
    // the original rows (never the service's own segments), so the page has one segmentation to show.
    original: async ({ id }) => {
      const record = history.transcripts.get(id);
      return readingOf(record, originalDocument(record.transcript), false).transcript;
    },

    async remove({ id }) {
      const audio = history.transcripts.remove(id);
      // A backup may bring the transcript back, without edits: the editor must read it anew.
      editor.forget(id);
      if (audio) await rm(audio, { force: true });
      await deps.transcriptRemoved(id);
    },

    async audioUrl({ id }) {
      if (!history.transcripts.audioPath(id)) throw new Problem('transcription.audio_not_kept');
      return { url: deps.mediaUrl(id) };
    },

    exportSubtitles: async ({ id, format }) =>
      deps.files.save(await transcriptFile(editor.current(id), format, { ...editorExportOptionsSchema.parse({}), rules: deps.subtitleRules(), words: deps.words, resolvePerson: deps.resolvePerson })),

    async ask({ id, options }) {
      const { reading: current, words } = reading(id);
      const conversation = history.create(conversationAbout(current, history.transcripts.rows.rowsOf(id), words, options));
      deps.tell({ type: 'listed', conversation });
      return conversation;
    },
  };
}
