// One split driven from a process of its own, as main drives it: the recording
// planned, then every part encoded, two at a time as the job queue does (a part is made while
// the one before it is), each written to `outDir` and deleted at once, as the job queue deletes
// a part once it is sent. SPLIT_BENCH_PARTS_AT_ONCE=1 encodes them one after another.
// Each request runs in a splitter process of its own, which reports its peak RSS; this
// process's own peak is main's share. Prints one JSON line; run by split.bench.ts.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createAudioSplitter } from '../../electron/core/services/audio-split';

const [path, outDir] = process.argv.slice(2) as [string, string];
const atOnce = Number(process.env.SPLIT_BENCH_PARTS_AT_ONCE) || 2;
const planPeaksKb: number[] = [];
const partPeaksKb: number[] = [];
const splitter = createAudioSplitter({ onPeakRss: (kib, request) => (request === 'encode' ? partPeaksKb : planPeaksKb).push(kib) });
const signal = new AbortController().signal;
const baselineKb = process.memoryUsage().rss / 1024;
const started = performance.now();
const plan = await splitter.plan({ path, signal });
const planMs = performance.now() - started;
const parts: Array<{ seconds: number; bytes: number }> = [];
const waiting = [...plan.cuts];
async function encodeNext(): Promise<void> {
  for (let cut = waiting.shift(); cut; cut = waiting.shift()) {
    const part = await splitter.encodePart({ path, plan, index: cut.index, outPath: join(outDir, `part-${cut.index}.webm`), signal });
    parts[cut.index] = { seconds: part.durationSeconds, bytes: part.bytes };
    await rm(part.path, { force: true });
  }
}
await Promise.all(Array.from({ length: atOnce }, encodeNext));
const wallMs = performance.now() - started;
await splitter.close();
console.log(JSON.stringify({ planMs, wallMs, atOnce, parts, durationSeconds: plan.durationSeconds, baselineKb, peakKb: process.resourceUsage().maxRSS, planPeaksKb, partPeaksKb }));
