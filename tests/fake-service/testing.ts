// Helpers for tests that drive the fake below the level of the `openai` client.
import { request } from 'node:http';
import { createParser } from 'eventsource-parser';

/** A valid 16-bit PCM WAV holding a sine tone, built in memory. */
export function makeWav(durationMs: number, sampleRate = 16_000, frequency = 440): Buffer<ArrayBuffer> {
  const samples = Math.round((sampleRate * durationMs) / 1000);
  const dataSize = samples * 2;
  const wav = Buffer.alloc(44 + dataSize);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + dataSize, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28); // byte rate
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataSize, 40);
  for (let i = 0; i < samples; i++) {
    wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 0.3 * 32767), 44 + i * 2);
  }
  return wav;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Body pieces exactly as they came off the socket (after de-chunking). */
  pieces: Buffer[];
  body: Buffer;
  /** Set when the connection broke before the response ended. */
  error?: Error;
}

/** POSTs JSON with node:http and records each body piece, so tests can see write boundaries. */
export function postRaw(url: string, key: string, body: unknown): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const req = request(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const pieces: Buffer[] = [];
      const done = (error?: Error) =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, pieces, body: Buffer.concat(pieces), error });
      res.on('data', (piece: Buffer) => pieces.push(piece));
      res.on('end', () => done());
      res.on('error', (error) => done(error));
      res.on('aborted', () => done(new Error('aborted')));
    });
    req.end(text);
  });
}

export interface SseEvent {
  data: string;
}

/** Parses an SSE body with a spec-compliant parser (the one the app depends on). */
export function parseSse(text: string): { events: SseEvent[]; comments: string[] } {
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const parser = createParser({
    onEvent: (event) => events.push({ data: event.data }),
    onComment: (comment) => comments.push(comment),
  });
  parser.feed(text);
  return { events, comments };
}

/** Concatenates delta.content of every chunk event (skipping [DONE] and non-JSON data). */
export function contentOf(events: SseEvent[]): string {
  let text = '';
  for (const event of events) {
    if (event.data === '[DONE]') continue;
    try {
      const chunk = JSON.parse(event.data) as { choices?: { delta?: { content?: string | null } }[] };
      text += chunk.choices?.[0]?.delta?.content ?? '';
    } catch {
      // Malformed events are asserted on separately.
    }
  }
  return text;
}
