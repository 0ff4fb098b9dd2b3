// One split in a process of its own, so its peak RSS is the splitter's alone: the recording
// planned, then every part encoded (written to `outDir` and deleted at once, as the job queue
// deletes a part once it is sent). Prints one JSON line; run by split.bench.ts.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createAudioSplitter } from '../../electron/services/audio-split';

const [path, outDir] = process.argv.slice(2) as [string, string];
const splitter = createAudioSplitter();
const signal = new AbortController().signal;
const baselineKb = process.memoryUsage().rss / 1024;
const started = performance.now();
const plan = await splitter.plan({ path, signal });
const planMs = performance.now() - started;
const parts: Array<{ seconds: number; bytes: number }> = [];
for (const cut of plan.cuts) {
  const part = await splitter.encodePart({ path, plan, index: cut.index, outPath: join(outDir, `part-${cut.index}.webm`), signal });
  parts.push({ seconds: part.durationSeconds, bytes: part.bytes });
  await rm(part.path, { force: true });
}
const wallMs = performance.now() - started;
await splitter.close();
console.log(JSON.stringify({ planMs, wallMs, parts, durationSeconds: plan.durationSeconds, baselineKb, peakKb: process.resourceUsage().maxRSS }));
