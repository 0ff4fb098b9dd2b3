/**
 * Pass 1's two requests, as a splitter process serves them (worker.ts): 'plan' opens the
 * recording, says how long it is and, when it is long enough to be worth a second process,
 * where its second half starts, then measures up to there (or to the end); 'measure' measures
 * from a given sample to the end. Main joins the halves and plans the cuts (plan-recording.ts).
 * Not Opus: decoded from a seek, its samples came 48 late (1 ms at 48 kHz), which would shift
 * the second half's levels.
 */
import { LevelMeter } from './levels';
import { measureLevels } from './measure-pass';
import type { RecordingShape, SplitAnswer } from './protocol';
import { type OpenedRecording, openRecording } from './source';
import type { SplitProgress } from './types';

/** Below this a second process's start-up costs more than it saves. */
const HELPED_MIN_SECONDS = 120;

type Announce = (opened: Extract<SplitAnswer, { type: 'opened' }>) => void;
type Measured = Extract<SplitAnswer, { type: 'measured' }>;

export async function measureStart(path: string, announce: Announce, report: (progress: SplitProgress) => void): Promise<Measured> {
  return withRecording(path, async (recording) => {
    const { sampleRate } = recording;
    const metadata = await recording.track.getDurationFromMetadata().catch(() => null);
    const totalSeconds = metadata === null ? null : Math.max(0, metadata - recording.origin);
    const { windowSamples } = new LevelMeter(sampleRate);
    const helped = totalSeconds !== null && totalSeconds >= HELPED_MIN_SECONDS && recording.track.codec !== 'opus';
    // The halves meet on a level window's edge, so the joined levels are those of one pass.
    const half = helped ? Math.floor((totalSeconds * sampleRate) / 2 / windowSamples) * windowSamples : null;
    announce({ type: 'opened', totalSeconds, half });
    return { type: 'measured', ...(await measureLevels(recording, { fromSample: 0, toSample: half }, report)), shape: shapeOf(recording) };
  });
}

export async function measureRest(path: string, fromSample: number, report: (progress: SplitProgress) => void): Promise<Measured> {
  return withRecording(path, async (recording) => ({ type: 'measured', ...(await measureLevels(recording, { fromSample, toSample: null }, report)), shape: shapeOf(recording) }));
}

async function withRecording<T>(path: string, use: (recording: OpenedRecording) => Promise<T>): Promise<T> {
  const recording = await openRecording(path);
  try {
    return await use(recording);
  } finally {
    recording.input.dispose();
  }
}

const shapeOf = ({ sampleRate, primingSamples, trailingSamples }: OpenedRecording): RecordingShape => ({ sampleRate, primingSamples, trailingSamples });
