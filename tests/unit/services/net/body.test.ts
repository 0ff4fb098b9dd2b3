import { describe, expect, it } from 'vitest';
import { BodyError, readCapped, readWholeText, withIdleTimeout } from '../../../../electron/core/services/net/body';
import { completionPieces } from '../../../../electron/core/services/completion/completion-stream';

/** An endless body of `chunk`s that counts how many were pulled, to prove reading stopped. */
function endless(chunk: string) {
  const bytes = new TextEncoder().encode(chunk);
  const stats = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      stats.pulled++;
      controller.enqueue(bytes);
    },
    cancel() {
      stats.cancelled = true;
    },
  }, { highWaterMark: 0 });
  return { body, stats };
}

describe('size caps', () => {
  it('reads an error body only up to its cap, then cancels the rest', async () => {
    const { body, stats } = endless('x'.repeat(1000));
    const { bytes, truncated } = await readCapped(body, 4096);
    expect(truncated).toBe(true);
    expect(bytes.byteLength).toBe(4096);
    expect(stats.pulled).toBe(5);
    expect(stats.cancelled).toBe(true);
  });

  it('refuses a whole answer past the cap, naming the host and the size', async () => {
    const { body, stats } = endless('y'.repeat(64 * 1024));
    const read = readWholeText(body, { maxBodyBytes: 1024 * 1024, idleTimeoutMs: 10_000 }, 'api.example.com');
    await expect(read).rejects.toMatchObject({ code: 'too_large', reason: 'too_large', values: { host: 'api.example.com', bytes: 1024 * 1024 } });
    expect(stats.pulled).toBeLessThanOrEqual(18);
    expect(stats.cancelled).toBe(true);
  });

  it('reads a body under the cap whole', async () => {
    expect(await readWholeText(new Response('{"ok":true}').body, { maxBodyBytes: 100, idleTimeoutMs: 1000 }, 'h')).toBe('{"ok":true}');
  });

  it('cuts a stream off at an event that never ends, after yielding the events before it', async () => {
    const first = 'data: {"choices":[{"delta":{"content":"kept"}}]}\n\n';
    const { body: rest, stats } = endless('data: ' + 'z'.repeat(4000) + '\n');
    const reader = rest.getReader();
    let sentFirst = false;
    const body = new ReadableStream<Uint8Array<ArrayBuffer>>({
      async pull(controller) {
        if (!sentFirst) {
          sentFirst = true;
          return controller.enqueue(new TextEncoder().encode(first));
        }
        const { value } = await reader.read();
        controller.enqueue(value as Uint8Array<ArrayBuffer>);
      },
      cancel: (reason) => reader.cancel(reason),
    }, { highWaterMark: 0 });
    const texts: string[] = [];
    const reading = (async () => {
      for await (const piece of completionPieces(body, { host: 'api.example.com', maxEventBytes: 64 * 1024, idleTimeoutMs: 10_000 })) texts.push(piece.text);
    })();
    const error = await reading.then(() => null, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(BodyError);
    expect((error as BodyError).code).toBe('event_too_large');
    expect((error as BodyError).values).toEqual({ host: 'api.example.com', bytes: 64 * 1024 });
    expect(texts).toEqual(['kept']);
    expect(stats.pulled).toBeLessThan(40);
    expect(stats.cancelled).toBe(true);
  });
});

describe('idle timeout', () => {
  it('gives up a body that sends nothing, naming the host, and cancels it', async () => {
    let cancelled = false;
    const silent = new ReadableStream<Uint8Array>({ cancel: () => void (cancelled = true) });
    const reader = withIdleTimeout(silent, 20, 'api.example.com').getReader();
    await expect(reader.read()).rejects.toMatchObject({ code: 'timeout', reason: 'idle', values: { host: 'api.example.com', seconds: 0.02 } });
    expect(cancelled).toBe(true);
  });
});
