import type { Contract } from '../../../shared/contract';
import type { EditorPatch, EditorState } from '../../../shared/contract/transcriptEditor';
import type { SubtitleRules } from '../../../shared/domain/transcript';
import { documentToWire, patchToWire } from '../../../shared/domain/transcript-wire';
import type { Handlers } from '../router';
import type { FileSaver } from '../services/storage/file-saver';
import type { MainWords } from '../services/language/language-service';
import type { TranscriptEditor } from '../services/transcript-editor/editor-service';
import type { Waveforms } from '../services/waveform/waveform-service';
import { transcriptFile } from '../services/transcript-export/export-file';
import { talkTime } from '../services/transcript-export/talk-time';
import type { People } from '../services/people/people-service';

const wire = <T extends { patch: EditorPatch; state: EditorState }>(change: T) => ({ ...change, patch: patchToWire(change.patch) });

export function transcriptEditorHandlers(deps: { editor: TranscriptEditor; people: People; files: FileSaver; subtitleRules(): SubtitleRules; words: MainWords; waveforms: Waveforms }): Handlers<Contract>['transcriptEditor'] {
  const { editor } = deps;
  return {
    open: async ({ id }) => {
      const opened = editor.open(id);
      return { ...opened, document: documentToWire(opened.document) };
    },
    watch: async (_input, ctx) => editor.watch((change) => ctx.emit(change.type === 'changed' ? wire(change) : change), ctx.signal),
    edit: async ({ id, intent, version }) => {
      const result = editor.editAt(id, intent, version);
      return result.outcome === 'applied' ? wire(result) : result;
    },
    undo: async ({ id }) => wire(editor.undo(id)),
    redo: async ({ id }) => wire(editor.redo(id)),
    revert: async ({ id }) => wire(editor.revert(id)),
    knownSpeakers: async () => editor.knownSpeakers(),
    talkTime: async ({ id }) => talkTime(editor.current(id).document, deps.people.resolve),
    async export({ id, format, options }) {
      // The same writer and rules as the transcript page's exports: the user's, from main's settings.
      return deps.files.save(await transcriptFile(editor.current(id), format, { ...options, rules: deps.subtitleRules(), words: deps.words, resolvePerson: deps.people.resolve }));
    },
    waveform: ({ id, from, overview }) => deps.waveforms.chunk(id, from, overview),
    waveformWindow: ({ id, ...stretch }) => deps.waveforms.stretch(id, stretch),
  };
}
