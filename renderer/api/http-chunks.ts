import { RECORDING_CHUNK_ROUTE, type ChunkSender, chunkOutcomeSchema } from '../../shared/contract/recording';
import { bridgeProblem } from './bridge-problem';

/**
 * The browser harness's chunks: each one the raw body of a PUT to the chunk route, with the
 * launch token. Rejects when the connection broke (the caller sends the same seq again);
 * main's refusals come back as outcomes.
 */
export function httpChunks(token: string): ChunkSender {
  return {
    async send({ id, seq, pcm }) {
      let response: Response;
      try {
        response = await fetch(`${RECORDING_CHUNK_ROUTE}?${new URLSearchParams({ id, seq: String(seq) })}`, {
          method: 'PUT',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/octet-stream' },
          body: pcm,
        });
      } catch {
        throw bridgeProblem('bridge.disconnected');
      }
      if (response.status !== 200) throw bridgeProblem('unexpected', { detail: `HTTP ${response.status} ${await response.text()}`.trim() });
      const outcome = chunkOutcomeSchema.safeParse(await response.json().catch(() => null));
      if (!outcome.success) throw bridgeProblem('bridge.unexpected_answer');
      return outcome.data;
    },
  };
}
