import type { EditIntent } from '../../shared/contract/transcriptEditor';
import type { TranscriptEditor } from '../../electron/core/services/transcript-editor/editor-service';

/**
 * An intent sent the way the page sends it (transcriptEditor:edit → editAt), made on `base`:
 * by default the version the document is at now, as a page that is up to date. A refusal,
 * which these callers do not expect, fails with its code.
 */
export function editNow(editor: TranscriptEditor, id: string, intent: EditIntent, base = editor.open(id).version) {
  const result = editor.editAt(id, intent, base);
  if (result.outcome === 'refused') throw new Error(`The editor refused the intent (${result.refusal.code}).`);
  return result;
}
