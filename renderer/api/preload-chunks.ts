import type { ChunkSender } from '../../shared/contract/recording';
import type { PreloadFiles } from '../../shared/contract/staging';

/** Electron's chunks: one binary IPC message each through the preload, answered once main has flushed it. */
export function preloadChunks(files: PreloadFiles): ChunkSender {
  return {
    send: (input) => files.sendChunk(input),
  };
}
