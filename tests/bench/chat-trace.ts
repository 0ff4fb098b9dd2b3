import type { Browser, Page } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface TaskTimes {
  /** Main-thread tasks of the page's renderer whose wall time was over 50 ms. */
  longByWall: number;
  /** Those whose CPU time was over 50 ms. */
  longByCpu: number;
  /** The longest wall time of any one task, in ms (the long-task API reports only those over 50 ms). */
  maxWall: number;
  /** The largest CPU time of any one task, in ms. */
  maxCpu: number;
  /** CPU time of all the thread's tasks, as a share of the traced time. */
  busy: number;
}

/**
 * Runs `measure` under a Chrome trace of every main-thread task, to tell a task that computed
 * for 50 ms from one that took 50 ms because the machine gave its thread no CPU: a long task
 * (PerformanceObserver) is wall time, and on a shared two-core machine preemption alone
 * can make one. Only the top-level task events are recorded, so the trace stays small.
 */
export async function withTaskTimes<T>(browser: Browser, page: Page, measure: () => Promise<T>): Promise<[T, TaskTimes]> {
  await browser.startTracing(page, { categories: ['toplevel'] });
  let result: T;
  let trace: Buffer;
  try {
    result = await measure();
  } finally {
    trace = await browser.stopTracing();
  }
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const mains = new Set(
    events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.name !== 'ThreadControllerImpl::RunTask' || event.ph !== 'X' || !mains.has(thread)) continue;
    const list = byThread.get(thread) ?? [];
    list.push(event);
    byThread.set(thread, list);
  }
  // The page's renderer is the one that ran the most tasks while it was measured.
  const tasks = [...byThread.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  // Reductions, not Math.max(...spread): a long trace holds tens of thousands of tasks.
  const most = (value: (t: TraceEvent) => number) => tasks.reduce((max, t) => Math.max(max, value(t)), 0);
  const span = tasks.length ? most((t) => t.ts + (t.dur ?? 0)) - tasks.reduce((min, t) => Math.min(min, t.ts), Infinity) : 0;
  return [
    result,
    {
      longByWall: tasks.filter((t) => (t.dur ?? 0) > 50_000).length,
      longByCpu: tasks.filter((t) => (t.tdur ?? 0) > 50_000).length,
      maxWall: most((t) => t.dur ?? 0) / 1000,
      maxCpu: most((t) => t.tdur ?? 0) / 1000,
      busy: span ? tasks.reduce((sum, t) => sum + (t.tdur ?? 0), 0) / span : 0,
    },
  ];
}
