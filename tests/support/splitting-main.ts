// Stands in for main in tests/integration/services/audio-split/split-process.test.ts: plans the recording
// given and encodes its first part to the path given; once the part's process is at work,
// prints that process's pid (a line of JSON) and waits to be killed.
import { readFile } from 'node:fs/promises';
import { createAudioSplitter } from '../../electron/core/services/audio-split';

const [path, outPath] = process.argv.slice(2) as [string, string];
const splitter = createAudioSplitter();
const signal = new AbortController().signal;
const plan = await splitter.plan({ path, signal });
let told = false;
await splitter.encodePart({
  path,
  plan,
  index: 0,
  outPath,
  signal,
  onProgress: () => {
    if (told) return;
    told = true;
    // Linux lists a thread's children here; main's thread started the part's process.
    void readFile(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').then((children) => console.log(JSON.stringify({ children: children.trim().split(/\s+/).map(Number) })));
  },
});
