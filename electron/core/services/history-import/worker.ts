/**
 * The worker thread that reads and checks a conversation export (run.ts starts it, one per
 * import, and ends it at its caps). JSON.parse and the schema check of a 100 MB file take
 * seconds of CPU: here they cannot stall main's event loop, and a hostile file that makes them
 * spin or swell costs only this thread. Main is handed the conversation in parts it asks for.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { once } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
import type { BranchMessage, Conversation, Message } from '../../../../shared/domain/conversation';
import { parseExport } from '../history/export';
import { fingerprint } from '../history/merge';
import type { ImportRequest, WorkerSays } from './protocol';

const { path, partBytes } = workerData as ImportRequest;
const port = parentPort!;
const say = (message: WorkerSays) => port.postMessage(message);

async function readText(): Promise<string> {
  const totalBytes = (await stat(path)).size;
  const chunks: Buffer[] = [];
  let bytesRead = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    bytesRead += chunk.length;
    say({ type: 'read', bytesRead, totalBytes });
  }
  return Buffer.concat(chunks).toString('utf8');
}

type Part = WorkerSays & { type: 'part' };

/** The conversation's messages in parts of about `partBytes` of text: the path first, then other branches. */
function* parts({ messages, otherBranches = [] }: Conversation): Generator<Part> {
  const items: Array<{ message: Message } | { other: BranchMessage; index: number }> = [
    ...messages.map((message) => ({ message })),
    ...otherBranches.map((other, index) => ({ other, index })),
  ];
  let part: Part = { type: 'part', messages: [], others: [], from: 0 };
  let size = 0;
  for (const item of items) {
    if ('message' in item) part.messages.push(item.message);
    else {
      if (part.others.length === 0) part.from = item.index;
      part.others.push(item.other);
    }
    size += ('message' in item ? item.message : item.other).content.length + 256;
    if (size < partBytes) continue;
    yield part;
    part = { type: 'part', messages: [], others: [], from: 0 };
    size = 0;
  }
  if (part.messages.length > 0 || part.others.length > 0) yield part;
}

const parsed = parseExport(await readText());
if (!parsed.ok) say({ type: 'refused', problem: parsed.problem });
else {
  const { messages, otherBranches, ...conversation } = parsed.conversation;
  say({ type: 'checked', conversation, fingerprint: fingerprint(parsed.conversation), messages: messages.length + (otherBranches?.length ?? 0) });
  for (const part of parts(parsed.conversation)) {
    await once(port, 'message');
    say(part);
  }
  await once(port, 'message');
  say({ type: 'end' });
}
