import { encodeChunkFrame } from '../../shared/contract/chunk-frame';
import { BridgeError } from '../../shared/contract/client';
import { type ChunkSender, chunkOutcomeSchema } from '../../shared/contract/recording';
import { bridgeProblem } from './bridge-problem';
import type { WsTransport } from './ws-transport';

/**
 * The browser harness's chunks: each one a binary frame on the bridge's socket, which main
 * answers with its outcome once the chunk is written (a `fetch` PUT a second grew the page's
 * memory for good: docs/benchmarks.md). Rejects when the connection broke (the caller sends the
 * same seq again); main's refusals come back as outcomes.
 */
export function wsChunks(transport: WsTransport): ChunkSender {
  return {
    async send(chunk) {
      const answer = await transport.sendBinary((seq) => encodeChunkFrame(seq, chunk));
      if (!answer.ok) throw new BridgeError(answer.error.message, answer.error.code, answer.error.problem ?? null);
      const outcome = chunkOutcomeSchema.safeParse(answer.value);
      if (!outcome.success) throw bridgeProblem('bridge.unexpected_answer');
      return outcome.data;
    },
  };
}
