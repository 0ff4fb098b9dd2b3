import type { ProblemValues } from '../../../../shared/domain/problem';
import type { FailureReason } from '../../../../shared/domain/service-failure';

/** A body Confab stopped reading: too large, or silent for too long. The values name the host and the limit. */
export class BodyError extends Error {
  constructor(
    readonly code: 'too_large' | 'event_too_large' | 'timeout',
    readonly values: ProblemValues,
  ) {
    super(`${code} ${JSON.stringify(values)}`);
  }

  /** A silent body is "idle": the answer had begun, unlike a request that timed out waiting for one. */
  get reason(): FailureReason {
    return this.code === 'timeout' ? 'idle' : this.code;
  }
}

const idleValues = (host: string, ms: number) => ({ host, seconds: ms / 1000 });

/**
 * The body as a stream that errors with a BodyError when no bytes arrive for `idleMs`.
 * `release` cancels the body underneath (closing the connection) even while the guarded
 * stream is locked in a pipe, so a reader that gives up never leaves the download running.
 */
export function idleGuarded<T>(body: ReadableStream<T>, idleMs: number, host: string) {
  const reader = body.getReader();
  const release = (reason?: unknown) => reader.cancel(reason).catch(() => undefined);
  const stream = new ReadableStream<T>({
    async pull(controller) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const silence = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new BodyError('timeout', idleValues(host, idleMs))), idleMs);
      });
      try {
        const { done, value } = await Promise.race([reader.read(), silence]);
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        void release(error);
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
    cancel: release,
  });
  return { stream, release };
}

export const withIdleTimeout = <T>(body: ReadableStream<T>, idleMs: number, host: string) => idleGuarded(body, idleMs, host).stream;

/**
 * Reads at most `maxBytes` of a body, then stops reading (the rest is never downloaded).
 * `truncated` says whether more was there.
 */
export async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  if (!body) return { bytes: new Uint8Array(), truncated: false };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - size));
      size = maxBytes;
      await reader.cancel().catch(() => undefined);
      return { bytes: join(chunks, size), truncated: true };
    }
    chunks.push(value);
    size += value.byteLength;
  }
  return { bytes: join(chunks, size), truncated: false };
}

function join(chunks: Uint8Array[], size: number): Uint8Array {
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return all;
}

/** A whole answer as text, refused past the cap with a message naming the host and the cap. */
export async function readWholeText(body: ReadableStream<Uint8Array> | null, limits: { maxBodyBytes: number; idleTimeoutMs: number }, host: string): Promise<string> {
  const guarded = body && withIdleTimeout(body, limits.idleTimeoutMs, host);
  const { bytes, truncated } = await readCapped(guarded, limits.maxBodyBytes);
  if (truncated) {
    throw new BodyError('too_large', { host, bytes: limits.maxBodyBytes });
  }
  return new TextDecoder().decode(bytes);
}
