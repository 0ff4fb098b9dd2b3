import type { ServerResponse } from 'node:http';
import { sleep } from './http';

export interface SseOptions {
  crlf: boolean;
  multilineData: boolean;
  splitUtf8: boolean;
  splitPauseMs: number;
}

// Index just past the first byte of the first multi-byte UTF-8 character, so that the two
// writes cut that character in half; -1 when the payload is pure ASCII.
function utf8SplitPoint(bytes: Buffer): number {
  const lead = bytes.findIndex((b) => b >= 0xc0);
  return lead === -1 ? -1 : lead + 1;
}

/**
 * Writes Server-Sent Events with the framing variations a robust client must accept.
 * Every write is checked against the signal, so nothing is written after the client left.
 */
export class SseWriter {
  constructor(
    private readonly res: ServerResponse,
    private readonly options: SseOptions,
    private readonly signal: AbortSignal,
  ) {}

  private get eol(): string {
    return this.options.crlf ? '\r\n' : '\n';
  }

  get open(): boolean {
    return !this.signal.aborted && !this.res.destroyed && !this.res.writableEnded;
  }

  // Resolves once the bytes were handed to the kernel, so a pause or a scripted drop that
  // follows really happens after the client could receive them.
  private send(bytes: Buffer): Promise<void> {
    if (!this.open) return Promise.resolve();
    return new Promise((resolve) => {
      // A destroyed socket may never call back; the close aborts the signal instead.
      const done = () => {
        this.signal.removeEventListener('abort', done);
        resolve();
      };
      this.signal.addEventListener('abort', done, { once: true });
      this.res.write(bytes, done);
    });
  }

  private async write(text: string): Promise<void> {
    const bytes = Buffer.from(text, 'utf8');
    const cut = this.options.splitUtf8 ? utf8SplitPoint(bytes) : -1;
    if (cut === -1) {
      await this.send(bytes);
      return;
    }
    await this.send(bytes.subarray(0, cut));
    await sleep(this.options.splitPauseMs, this.signal);
    await this.send(bytes.subarray(cut));
  }

  /** One event; objects are serialised as JSON. */
  async data(payload: unknown): Promise<void> {
    const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
    const lines =
      this.options.multilineData && typeof payload !== 'string'
        ? // Pretty-printing only adds whitespace between JSON tokens, so the \n-joined
          // lines parse to the same value.
          JSON.stringify(payload, null, 1).split('\n')
        : [text];
    await this.write(lines.map((line) => `data: ${line}${this.eol}`).join('') + this.eol);
  }

  async raw(text: string): Promise<void> {
    await this.write(text.replace(/\n/g, this.eol));
  }

  async comment(text = 'keep-alive'): Promise<void> {
    await this.write(`: ${text}${this.eol}${this.eol}`);
  }
}
