import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PARTS, benchQueue, heard } from './resume-queue';

/**
 * Issue "One job system in main", figure 3: a ten-part job in a process killed with SIGKILL
 * while part 6 is on its way (parts 1–5 done), then the queue opened again on the same data
 * folder and the job resumed. Counts the parts sent again that were already done (target 0).
 */
export async function resumeBench(): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'confab-bench-resume-'));
  try {
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', '--import', 'tsx', 'tests/bench/resume-child.ts', dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    const sentBefore: number[] = [];
    await new Promise<void>((resolve, reject) => {
      child.on('exit', (code) => reject(new Error(`the job process ended before the kill (${code})`)));
      child.stdout.on('data', (chunk: Buffer) => {
        for (const match of chunk.toString().matchAll(/sent (\d+)/g)) sentBefore.push(Number(match[1]));
        if (sentBefore.includes(6)) resolve();
      });
    });
    child.removeAllListeners('exit');
    const killed = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await killed;

    const sentAfter: number[] = [];
    const started = performance.now();
    const queue = benchQueue(dir, async (part) => (sentAfter.push(part), heard(part)));
    const [job] = queue.list();
    const stateAtStart = job!.state;
    const doneAtStart = job!.parts.filter((p) => p.state === 'done').length;
    const finished = new Promise<void>((resolve) => queue.onJobEvent((event) => event.type === 'job' && event.job.state === 'done' && resolve()));
    queue.resume(job!.id);
    await finished;
    const elapsed = performance.now() - started;
    await queue.close();

    const doneBefore = new Set(sentBefore.filter((part) => part <= 5));
    const again = sentAfter.filter((part) => doneBefore.has(part)).length;
    return [
      `resume: kill -9 with ${doneAtStart} of ${PARTS} parts done (state after restart: ${stateAtStart}) → parts sent again: ${again} (target 0); ` +
        `the part in flight sent again: ${sentAfter.filter((p) => p === 6).length}; sent after Resume: ${sentAfter.join(', ')}; resumed to done in ${elapsed.toFixed(0)} ms`,
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
