import { MAX_CHUNK_BYTES, decodeChunkFrame } from '../../shared/contract/chunk-frame';
import type { ChunkInput, ChunkOutcome } from '../../shared/contract/recording';
import type { Envelope } from '../../shared/contract/define';
import { errorText } from '../../shared/domain/error-text';
import { problemOf } from '../../shared/domain/problem';

export interface ChunkFrameDeps {
  append(input: ChunkInput): Promise<ChunkOutcome>;
}

/**
 * The harness's chunks: binary frames on the page's bridge socket (`shared/contract/chunk-frame.ts`),
 * so they come only from the page that opened it with this launch's token. Main writes and
 * flushes a chunk before answering, and the page sends the next only then, which keeps chunks
 * in order. Answers the frame's bridge seq with main's outcome as the value, or null for a frame
 * that is no chunk frame (the socket is closed for it, as for a malformed JSON frame).
 */
export function chunkFrames(deps: ChunkFrameDeps) {
  return async function onFrame(frame: Uint8Array): Promise<{ seq: number; envelope: Envelope } | null> {
    const decoded = decodeChunkFrame(frame);
    if (!decoded) return null;
    const { seq, id, chunk, pcm } = decoded;
    const size = pcm.length;
    if (size > MAX_CHUNK_BYTES) {
      const problem = { code: 'bridge.too_large', values: { size, limit: MAX_CHUNK_BYTES } };
      return { seq, envelope: { ok: false, error: { code: 'too_large', message: 'A chunk holds at most 2 s of audio.', problem } } };
    }
    let outcome: ChunkOutcome;
    try {
      // A copy: the frame's Buffer may be a view of what the socket read, which the chunk must not keep alive.
      outcome = await deps.append({ id, seq: chunk, pcm: new Uint8Array(pcm) });
    } catch (error) {
      outcome = { ok: false, problem: problemOf(error) ?? { code: 'unexpected', values: { detail: errorText(error) } } };
    }
    return { seq, envelope: { ok: true, value: outcome } };
  };
}
