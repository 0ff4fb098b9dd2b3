import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../electron/core/core';
import { createHistoryStore } from '../../electron/core/services/history/history-store';
import { memoryKeytar } from '../support/memory-keytar';
import { longMeeting } from '../support/spoken-record';
import { ms } from './text';

/** What the fake waits before answering each request: a service's time to first byte, so batches in flight overlap as they would. */
const SERVICE_LATENCY_MS = 150;
const IN_FLIGHT = process.env.BENCH_IN_FLIGHT ? [Number(process.env.BENCH_IN_FLIGHT)] : [1, 2, 4];

/** The fake in a child process (fake-child.ts): its answering is not counted as Confab's CPU. */
async function fakeProcess(latencyMs: number) {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', '--import', 'tsx', 'tests/bench/fake-child.ts', String(latencyMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  const { baseUrl, key } = JSON.parse(line.toString().split('\n')[0]!) as { baseUrl: string; key: string };
  return { baseUrl, key, close: () => (child.kill('SIGTERM'), once(child, 'exit')) };
}

/**
 * Issue 39's translation figures through the whole core (real SQLite, real HTTP to the fake in a
 * process of its own): rows per second of a 3-hour transcript (2,700 rows) at N batches in
 * flight, and Confab's own time per batch — the CPU time of main's thread over the job
 * (`process.threadCpuUsage`: the process's would add V8's background compiler and GC threads, and
 * the event loop's busy time counts the time other processes hold the core), divided by its
 * batches: building each prompt, the HTTP exchange, reading the whole answer (batches are not
 * streamed), checking its rows, writing them and the job's part.
 */
export async function translationBench(): Promise<string[]> {
  const lines = [`translation: load average ${loadavg()[0]!.toFixed(1)} at the start`];
  const fake = await fakeProcess(SERVICE_LATENCY_MS);
  const dir = await mkdtemp(join(tmpdir(), 'confab-bench-translation-'));
  try {
    const store = createHistoryStore(join(dir, 'history.sqlite'));
    store.transcripts.put({ ...longMeeting('bench', 3), createdAt: Date.now() }, null);
    const rows = store.transcripts.rows.rowsOf('bench').length;
    store.close();
    const core = await createCore({ userDataDir: dir, initialBaseUrl: fake.baseUrl, keytar: memoryKeytar() });
    const invoke = async <T>(channel: string, input?: unknown) => {
      const result = await core.router.invoke(channel, input, { send: () => undefined });
      if (!result.ok) throw new Error(result.error.message);
      return result.value as T;
    };
    await invoke('secrets:setKey', { key: fake.key, memoryOnly: true });
    await invoke('settings:update', { plan: 'pro' });
    // One translation per run, each into a language of its own; the first, unreported, warms the code paths (and the history's first backup) up.
    const runs = [{ inFlight: 1, language: 'it' }, ...IN_FLIGHT.map((inFlight, i) => ({ inFlight, language: ['de', 'fr', 'es', 'pt', 'nl'][i]! }))];
    for (const [i, { inFlight, language }] of runs.entries()) {
      await invoke('settings:update', { partsInFlight: inFlight });
      const started = performance.now();
      const { jobId } = await invoke<{ jobId: string }>('translation:start', { transcriptId: 'bench', language });
      // From here on, each batch's work: the start's own (reading the rows, adding the job) is once per translation.
      const cpu = process.threadCpuUsage();
      await new Promise<void>((done) => {
        const stop = core.models.jobs.onEvent((event) => {
          if (event.type === 'job' && event.job.id === jobId && ['done', 'failed', 'cancelled'].includes(event.job.state)) (stop(), done());
        });
      });
      const used = process.threadCpuUsage(cpu);
      const active = (used.user + used.system) / 1000;
      const took = performance.now() - started;
      const job = core.models.jobs.get(jobId)!;
      if (job.state !== 'done') throw new Error(`translation job ${job.state}: ${JSON.stringify(job.failure ?? job.problem)}`);
      if (i === 0) continue;
      lines.push(
        `translation: ${rows.toLocaleString('en')} rows in ${job.partsTotal} batches, ${inFlight} in flight, ${SERVICE_LATENCY_MS} ms service latency: ${ms(took)}, ${Math.round((rows * 1000) / took).toLocaleString('en')} rows/s; ` +
          `Confab's CPU per batch ${ms(active / job.partsTotal)} (target < 5 ms)`,
      );
    }
    await core.close();
    lines.push(`translation: load average ${loadavg()[0]!.toFixed(1)} at the end`);
  } finally {
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  }
  return lines;
}
