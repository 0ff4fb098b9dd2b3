import type { ChunkOutcome, ChunkSender, PauseHint } from '../../shared/contract/recording';
import type { Chunk } from '../common/capture/chunker';

/** How long to wait before sending a chunk again after the connection broke, growing to 5 s. */
const retryDelay = (attempt: number) => Math.min(5_000, 250 * 2 ** attempt);
/** A connection still broken after this many tries (about 20 s) is said to the user; the chunks wait to be sent all the same. */
const SAY_AFTER_ATTEMPTS = 8;

export interface ChunkQueue {
  push(chunk: Chunk): void;
  /** Resolves once every chunk pushed so far has been answered. */
  drained(): Promise<void>;
}

/**
 * Sends a recording's chunks one after another, in order, each after main answered the one
 * before (main has written and flushed it by then). A broken connection sends the same seq
 * again (main answers a repeated seq ok without writing it twice), for as long as it takes: what
 * the page holds is audio nobody else has. A refusal ends the sending: the recording has ended
 * and main's state says why.
 */
export function createChunkQueue(
  id: string,
  sender: ChunkSender,
  onRefused: (outcome: Extract<ChunkOutcome, { ok: false }>) => void,
  connection: { broken(error: unknown): void; back(): void },
  /** Main's pause hint with each chunk kept (null when it gave none). */
  onHint: (hint: PauseHint | null) => void = () => {},
): ChunkQueue {
  let tail: Promise<void> = Promise.resolve();
  let ended = false;
  let said = false;

  async function send(chunk: Chunk) {
    for (let attempt = 0; !ended; attempt++) {
      try {
        const outcome = await sender.send({ id, seq: chunk.seq, pcm: chunk.pcm });
        if (said) {
          said = false;
          connection.back();
        }
        if (!outcome.ok) {
          ended = true;
          onRefused(outcome);
        } else onHint(outcome.pauseHint ?? null);
        return;
      } catch (error) {
        if (attempt + 1 === SAY_AFTER_ATTEMPTS && !said) {
          said = true;
          connection.broken(error);
        }
        await new Promise((resolve) => setTimeout(resolve, retryDelay(attempt)));
      }
    }
  }

  return {
    push(chunk) {
      tail = tail.then(() => send(chunk));
    },
    drained: () => tail,
  };
}
