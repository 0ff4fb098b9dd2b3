import type { EditorDocument, EditorPatch } from '../../../../shared/contract/transcriptEditor';
import { applyPatch } from '../../../../shared/domain/transcript-edits';

/**
 * Applies a patch in place and returns its inverse: the ranges it replaced, restored in
 * reverse order (each inverse range sees the document as the later ranges left it), and
 * the speaker list it replaced. Undo applies the inverse; redo the patch again.
 */
export function applyWithInverse(document: EditorDocument, patch: EditorPatch): EditorPatch {
  const inverse: EditorPatch['ranges'] = [];
  const before = patch.speakers ? document.speakers : null;
  for (const range of patch.ranges) {
    inverse.unshift({ at: range.at, remove: range.insert.length, insert: document.blocks.slice(range.at, range.at + range.remove) });
    document.blocks.splice(range.at, range.remove, ...range.insert);
  }
  if (patch.speakers) document.speakers = patch.speakers;
  return { ranges: inverse, speakers: before };
}

export { applyPatch };
