import { captionsBench } from './captions.bench';
import { chatBench } from './chat.bench';
import { dictationBench } from './dictation.bench';
import { editorBench } from './editor.bench';
import { historyBench } from './history.bench';
import { livePartsBench } from './live-parts.bench';
import { paceBench } from './pace.bench';
import { recordingBench } from './recording.bench';
import { resumeBench } from './resume.bench';
import { splitBench } from './split.bench';
import { subtitlesBench } from './subtitles.bench';
import { uploadBench } from './upload.bench';

// `npm run bench`: every benchmark in turn, each printing its own figures.
// `npm run bench -- history` runs one.
const benches: Array<[string, () => Promise<string[]>]> = [
  ['history', historyBench],
  ['subtitles', subtitlesBench],
  ['editor', editorBench],
  ['chat', chatBench],
  ['split', splitBench],
  ['upload', uploadBench],
  ['resume', resumeBench],
  ['pace', paceBench],
  ['recording', recordingBench],
  ['live', livePartsBench],
  ['dictation', dictationBench],
  ['captions', captionsBench],
];

const only = process.argv[2];
for (const [name, bench] of benches) {
  if (only && only !== name) continue;
  for (const line of await bench()) console.log(line);
}
