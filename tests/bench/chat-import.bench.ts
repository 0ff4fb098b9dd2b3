import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { finished } from 'node:stream/promises';
import { createCore } from '../../electron/core/core';
import type { EventSink } from '../../electron/core/router';
import { ms } from './text';

/** A conversation export of about `megabytes` MB: 10 KB messages, written as a stream. */
async function writeExport(path: string, megabytes: number) {
  const out = createWriteStream(path);
  const count = Math.ceil((megabytes * 1024 * 1024) / 10_250);
  out.write('{"format":"confab.conversation","version":1,"conversation":{"id":"big","title":"Archive","systemPrompt":"",');
  out.write('"options":{"model":"default","temperature":null,"maxTokens":null,"stream":true},"pinned":false,"createdAt":1,"updatedAt":1,"messages":[');
  for (let i = 0; i < count; i++) {
    const message = { id: `m${i}`, role: i % 2 ? 'assistant' : 'user', content: `Message ${i + 1}. ${'Notes kept for the record. '.repeat(375)}`, state: 'complete', usage: null, failure: null, model: null, createdAt: i };
    if (!out.write(`${i ? ',' : ''}${JSON.stringify(message)}`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  out.end(']}}');
  await finished(out);
}

/**
 * Issue 40's "main never freezes": main's longest event-loop stall while it imports a 100 MB
 * conversation export (goal < 50 ms), measured with perf_hooks' monitorEventLoopDelay around
 * the router's history:import, as the page calls it.
 */
export async function importStallBench(): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'confab-bench-chat-import-'));
  const core = await createCore({ userDataDir: join(dir, 'data'), fileSaver: { save: async () => ({ kind: 'cancelled' }) } });
  const sink: EventSink = { send: () => undefined };
  try {
    const path = join(dir, 'archive.json');
    // Just under MAX_IMPORT_BYTES (100 MiB), the largest export Confab takes.
    await writeExport(path, 98);
    const staged = await core.files.staging.fromPath(path, 'archive.json', 'import');
    if (!staged.ok) throw new Error(staged.problem.code);
    const load = loadavg()[0]!.toFixed(1);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    const result = await core.router.invoke('history:import', { fileId: staged.file.fileId }, sink);
    const took = performance.now() - started;
    delay.disable();
    if (!result.ok) throw new Error(result.error.message);
    return [
      `main's longest event-loop stall during a ${(staged.file.size / 1024 / 1024).toFixed(0)} MB import: ${ms(delay.max / 1e6)} (goal < 50 ms); the import took ${ms(took)} (load ${load})`,
    ];
  } finally {
    await core.close();
    await rm(dir, { recursive: true, force: true });
  }
}
