import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createCore } from '../../electron/core/core';
import type { EventSink } from '../../electron/core/router';
import { writeExport } from '../support/big-export';
import { ms } from './text';

/**
 * Issue 40's "main never freezes": main's longest event-loop stall while it imports a 100 MB
 * conversation export (goal < 50 ms), measured with perf_hooks' monitorEventLoopDelay around
 * the router's history:import, as the page calls it (a worker reads and checks the file; main
 * writes it in short transactions: services/history-import).
 */
export async function importStallBench(): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'confab-bench-chat-import-'));
  const core = await createCore({ userDataDir: join(dir, 'data'), fileSaver: { save: async () => ({ kind: 'cancelled' }) } });
  const sink: EventSink = { send: () => undefined };
  try {
    const path = join(dir, 'archive.json');
    // Just under MAX_IMPORT_BYTES (100 MiB), the largest export Confab takes.
    await writeExport(path, { megabytes: 98 });
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
