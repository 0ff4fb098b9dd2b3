import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';

/** About 10 KB a message, as a long chat's replies run. */
const MESSAGE_BYTES = 10_250;

/**
 * A conversation export of `count` messages (or about `megabytes` MB), written as a stream so a
 * 100 MB file never sits whole in the test's memory; `tail` ends it (a damaged ending, say).
 */
export async function writeExport(path: string, size: { megabytes: number } | { count: number }, options: { id?: string; title?: string; tail?: string } = {}) {
  const { id = 'big', title = 'Archive', tail = ']}}' } = options;
  const count = 'count' in size ? size.count : Math.ceil((size.megabytes * 1024 * 1024) / MESSAGE_BYTES);
  const out = createWriteStream(path);
  out.write(`{"format":"confab.conversation","version":1,"conversation":{"id":${JSON.stringify(id)},"title":${JSON.stringify(title)},"systemPrompt":"",`);
  out.write('"options":{"model":"default","temperature":null,"maxTokens":null,"stream":true},"pinned":false,"createdAt":1,"updatedAt":1,"messages":[');
  for (let i = 0; i < count; i++) {
    const message = { id: `${id}-m${i}`, role: i % 2 ? 'assistant' : 'user', content: `Message ${i + 1}. ${'Notes kept for the record. '.repeat(375)}`, state: 'complete', usage: null, failure: null, model: null, createdAt: i };
    if (!out.write(`${i ? ',' : ''}${JSON.stringify(message)}`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  out.end(tail);
  await finished(out);
  return count;
}
