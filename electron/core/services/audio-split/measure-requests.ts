/**
 * Pass 1's two requests, as a splitter process serves them (worker.ts): 'plan' opens the
 * recording, says how long it is and, when it is long enough to be worth more processes, where
 * the stretches after the first start, then measures the first; 'measure' measures one
 * stretch. Main runs the stretches and joins them (plan-recording.ts). Stretches are as long as
 * parts at most (main says how long that is), so no process decodes more than a part's worth,
 * and there are an even number of them, for two at a time. Not Opus: decoded from a seek, its
 * samples came 48 late (1 ms at 48 kHz), which would shift a later stretch's levels.
 */
import { LevelMeter } from './levels';
import { measureLevels } from './measure-pass';
import type { MeasuredAnswer, RecordingShape, SplitAnswer } from './protocol';
import { type OpenedRecording, withRecording } from './source';
import type { SplitProgress } from './types';

/** Below this a second process's start-up costs more than it saves. */
const SHARED_MIN_SECONDS = 120;

type Announce = (opened: Extract<SplitAnswer, { type: 'opened' }>) => void;

export async function measureStart(path: string, stretchMaxSeconds: number, announce: Announce, report: (progress: SplitProgress) => void): Promise<MeasuredAnswer> {
  return withRecording(path, async (recording) => {
    const metadata = await recording.track.getDurationFromMetadata().catch(() => null);
    const totalSeconds = metadata === null ? null : Math.max(0, metadata - recording.origin);
    const shared = totalSeconds !== null && totalSeconds >= SHARED_MIN_SECONDS && recording.track.codec !== 'opus';
    const stretches = shared ? stretchStarts(totalSeconds, stretchMaxSeconds, recording.sampleRate) : [];
    announce({ type: 'opened', totalSeconds, stretches });
    return { type: 'measured', ...(await measureLevels(recording, { fromSample: 0, toSample: stretches[0] ?? null }, report)), shape: shapeOf(recording) };
  });
}

export async function measureStretch(path: string, fromSample: number, toSample: number | null, report: (progress: SplitProgress) => void): Promise<MeasuredAnswer> {
  return withRecording(path, async (recording) => ({ type: 'measured', ...(await measureLevels(recording, { fromSample, toSample }, report)), shape: shapeOf(recording) }));
}

/** Where each stretch after the first starts: on a level window's edge, so the joined levels are those of one pass. */
function stretchStarts(totalSeconds: number, stretchMaxSeconds: number, sampleRate: number): number[] {
  const count = 2 * Math.ceil(totalSeconds / (2 * stretchMaxSeconds));
  const { windowSamples } = new LevelMeter(sampleRate);
  const length = Math.floor((totalSeconds * sampleRate) / count / windowSamples) * windowSamples;
  return Array.from({ length: count - 1 }, (_, index) => (index + 1) * length);
}

const shapeOf = ({ sampleRate, primingSamples, trailingSamples }: OpenedRecording): RecordingShape => ({ sampleRate, primingSamples, trailingSamples });
