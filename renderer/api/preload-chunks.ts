import type { ChunkSender } from '../../shared/contract/recording';
import type { PreloadFiles } from '../../shared/contract/staging';

/** Electron's chunks: one binary IPC message each through the preload, answered once main has flushed it. */
export function preloadChunks(files: PreloadFiles): ChunkSender {
  return {
    async send(input) {
      if (!files.sendChunk) return { ok: false, problem: { code: 'unexpected', values: { detail: 'This build cannot record.' } } };
      return files.sendChunk(input);
    },
  };
}
