// CPU time and resident memory of this process's descendants, read from /proc (Linux), so a
// bench can charge what the harness (main) and Chromium's processes (the page) spend.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/** Clock ticks per second, the unit of utime and stime in /proc/<pid>/stat. */
export const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

export interface ProcessUsage {
  pid: number;
  ppid: number;
  command: string;
  /** utime + stime, in clock ticks. */
  ticks: number;
  rssBytes: number;
}

function read(pid: number): ProcessUsage | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may hold spaces; the fields after it are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    return {
      pid,
      ppid: Number(fields[1]),
      command: readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '),
      ticks: Number(fields[11]) + Number(fields[12]),
      rssBytes: rssKb * 1024,
    };
  } catch {
    return null; // gone between the listing and the read
  }
}

/** The names of a process's threads (each task's `comm` under `/proc/<pid>/task`, 15 characters at most), none once it has gone. */
export function threadNames(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/task`).map((task) => readFileSync(`/proc/${pid}/task/${task}/comm`, 'utf8').trim());
  } catch {
    return [];
  }
}

/** Every live descendant of `root` (this process by default), with its usage now. */
export function descendants(root = process.pid): ProcessUsage[] {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => read(Number(name)))
    .filter((usage): usage is ProcessUsage => usage !== null);
  const found: ProcessUsage[] = [];
  const parents = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const usage of all) {
      if (parents.has(usage.ppid) && !parents.has(usage.pid)) {
        parents.add(usage.pid);
        found.push(usage);
        grew = true;
      }
    }
  }
  return found;
}

/** CPU ticks spent between two snapshots by the processes `pick` chooses (one new since `before` counts whole). */
export function ticksBetween(before: ProcessUsage[], after: ProcessUsage[], pick: (usage: ProcessUsage) => boolean): number {
  const earlier = new Map(before.map((usage) => [usage.pid, usage.ticks]));
  return after.filter(pick).reduce((sum, usage) => sum + usage.ticks - (earlier.get(usage.pid) ?? 0), 0);
}
