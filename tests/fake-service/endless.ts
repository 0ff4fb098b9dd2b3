import type { ServerResponse } from 'node:http';

const FILLER = 'a'.repeat(64 * 1024);

/**
 * Writes `opening`, then filler, until the client goes away. Each write waits for the
 * previous one to be flushed, so a client that stops reading stalls it rather than memory.
 */
export async function writeForever(out: { raw(text: string): Promise<void>; readonly open: boolean }, opening: string): Promise<void> {
  await out.raw(opening);
  while (out.open) await out.raw(FILLER);
}

/** Plain writes to a response, each resolved once flushed or once the client is gone. */
export function responseWriter(res: ServerResponse, signal: AbortSignal) {
  return {
    get open() {
      return !signal.aborted && !res.destroyed;
    },
    raw: (text: string) =>
      new Promise<void>((resolve) => {
        if (signal.aborted) return resolve();
        const done = () => {
          signal.removeEventListener('abort', done);
          resolve();
        };
        signal.addEventListener('abort', done, { once: true });
        res.write(text, done);
      }),
  };
}
