/**
 * Pass 1's two requests, as a splitter process serves them (worker.ts): 'plan' opens the
 * recording, says how long it is and, when it is long enough to be worth more processes, where
 * the stretches after the first start, then measures the first; 'measure' measures one
 * stretch. Main runs the stretches and joins them (plan-recording.ts). The first is short, so the
 * first cut is known within seconds; the others are as long as parts at most (main says how long
 * that is), so no process decodes more than a part's worth. Not Opus: decoded from a seek, its
 * samples came 48 late (1 ms at 48 kHz), which would shift a later stretch's levels.
 */
import { LevelMeter } from './levels';
import { measureLevels } from './measure-pass';
import type { MeasuredAnswer, RecordingShape, SplitAnswer, SplitRequest } from './protocol';
import { type OpenedRecording, withRecording } from './source';
import type { SplitProgress } from './types';

/** Below this a second process's start-up costs more than it saves. */
const SHARED_MIN_SECONDS = 120;

type Announce = (opened: Extract<SplitAnswer, { type: 'opened' }>) => void;

export async function measureStart(request: Extract<SplitRequest, { type: 'plan' }>, announce: Announce, report: (progress: SplitProgress) => void): Promise<MeasuredAnswer> {
  const { path, fromSample } = request;
  return withRecording(path, async (recording) => {
    const metadata = await recording.track.getDurationFromMetadata().catch(() => null);
    const totalSeconds = metadata === null ? null : Math.max(0, metadata - recording.origin);
    const shared = totalSeconds !== null && totalSeconds - fromSample / recording.sampleRate >= SHARED_MIN_SECONDS && recording.track.codec !== 'opus';
    const stretches = shared ? stretchStarts(recording.sampleRate, totalSeconds, request) : [];
    announce({ type: 'opened', totalSeconds, stretches });
    return { type: 'measured', ...(await measureLevels(recording, { fromSample, toSample: stretches[0] ?? null }, report)), shape: shapeOf(recording) };
  });
}

export async function measureStretch(path: string, fromSample: number, toSample: number | null, report: (progress: SplitProgress) => void): Promise<MeasuredAnswer> {
  return withRecording(path, async (recording) => ({ type: 'measured', ...(await measureLevels(recording, { fromSample, toSample }, report)), shape: shapeOf(recording) }));
}

/**
 * Where each stretch after the first starts: on a level window's edge, so the joined levels are
 * those of one pass. The first is short; the rest share what remains evenly, none longer than the maximum.
 */
function stretchStarts(sampleRate: number, totalSeconds: number, { fromSample, firstStretchSeconds, stretchMaxSeconds }: Extract<SplitRequest, { type: 'plan' }>): number[] {
  const { windowSamples } = new LevelMeter(sampleRate);
  const onEdge = (sample: number) => Math.ceil(sample / windowSamples) * windowSamples;
  const first = onEdge(fromSample + firstStretchSeconds * sampleRate);
  const rest = totalSeconds * sampleRate - first;
  if (rest < SHARED_MIN_SECONDS * sampleRate) return [];
  const count = Math.ceil(rest / (stretchMaxSeconds * sampleRate));
  const length = Math.floor(rest / count / windowSamples) * windowSamples;
  return Array.from({ length: count }, (_, index) => first + index * length);
}

const shapeOf = ({ sampleRate, primingSamples, trailingSamples }: OpenedRecording): RecordingShape => ({ sampleRate, primingSamples, trailingSamples });
