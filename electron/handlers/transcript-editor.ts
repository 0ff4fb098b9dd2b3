import type { Contract } from '../../shared/contract';
import type { Handlers } from '../ipc/router';
import type { FileSaver } from '../services/file-saver';
import type { TranscriptEditor } from '../services/transcript-editor/editor-service';
import { editedFile } from '../services/transcript-export/export-file';

export function transcriptEditorHandlers(deps: { editor: TranscriptEditor; files: FileSaver }): Handlers<Contract>['transcriptEditor'] {
  const { editor } = deps;
  return {
    open: async ({ id }) => editor.open(id),
    edit: async ({ id, intent }) => editor.edit(id, intent),
    undo: async ({ id }) => editor.undo(id),
    redo: async ({ id }) => editor.redo(id),
    revert: async ({ id }) => editor.revert(id),
    knownSpeakers: async () => editor.knownSpeakers(),
    async export({ id, format, options }) {
      const { record, document } = editor.current(id);
      return deps.files.save(await editedFile(record, document, format, options));
    },
  };
}
