import type { FileStager, PreloadFiles } from '../../shared/contract/staging';

/**
 * Electron's staging through the preload: a File the user gave goes by path (the preload
 * finds it), a Blob made here (pasted text) as bytes. Main copies a file from disk in one
 * step, so progress is whole at the end and cancelling lets the copy finish (the caller
 * discards it).
 */
export function preloadStager(files: PreloadFiles): FileStager {
  return {
    async stage(file, { name, purpose, signal, onProgress }) {
      if (signal?.aborted) throw new DOMException('The upload was cancelled.', 'AbortError');
      const outcome = await files.stageFile(file, { name, purpose });
      if (outcome.ok) onProgress?.(file.size);
      return outcome;
    },
  };
}
