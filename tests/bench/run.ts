import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pointTempAt } from '../setup/temp-env';
import { captionsBench } from './captions.bench';
import { chatBench } from './chat.bench';
import { chatScaleBench } from './chat-scale.bench';
import { dictationBench } from './dictation.bench';
import { editorBench } from './editor.bench';
import { historyBench } from './history.bench';
import { livePartsBench } from './live-parts.bench';
import { notesBench } from './notes.bench';
import { paceBench } from './pace.bench';
import { recordingBench } from './recording.bench';
import { resumeBench } from './resume.bench';
import { splitBench } from './split.bench';
import { subtitlesBench } from './subtitles.bench';
import { translationBench } from './translation.bench';
import { uploadBench } from './upload.bench';
import { waveformBench } from './waveform.bench';

// `npm run bench`: every benchmark in turn, each printing its own figures.
// `npm run bench -- history` runs one.
const benches: Array<[string, () => Promise<string[]>]> = [
  ['history', historyBench],
  ['subtitles', subtitlesBench],
  ['editor', editorBench],
  ['waveform', waveformBench],
  ['chat', chatBench],
  ['chat-scale', chatScaleBench],
  ['split', splitBench],
  ['upload', uploadBench],
  ['resume', resumeBench],
  ['pace', paceBench],
  ['recording', recordingBench],
  ['live', livePartsBench],
  ['dictation', dictationBench],
  ['captions', captionsBench],
  ['notes', notesBench],
  ['translation', translationBench],
];

// Everything a bench and the processes it starts put in the temp folder goes in one folder of the
// run's, removed at the end: a suite running beside it then finds none of its folders among its own.
const runFolder = mkdtempSync(join(tmpdir(), 'confab-bench-run-'));
const restoreTemp = pointTempAt(runFolder);
const only = process.argv[2];
try {
  for (const [name, bench] of benches) {
    if (only && only !== name) continue;
    for (const line of await bench()) console.log(line);
  }
} finally {
  restoreTemp();
  rmSync(runFolder, { recursive: true, force: true });
}
