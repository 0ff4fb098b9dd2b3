/**
 * Pass 1's work on one stretch of a recording: decoded, every sample mixed to mono and
 * measured into 50 ms levels (levels.ts); only the levels are kept. Each decoded AudioSample
 * is closed as soon as it is measured, so memory holds the levels (288 KB per audio hour), the
 * read cache and the decoder's few frames in flight.
 */
import { AudioSampleSink } from 'mediabunny';
import { createDownmix } from './downmix';
import { LevelMeter } from './levels';
import { type OpenedRecording, positionOf } from './source';
import type { SplitProgress } from './types';

const PROGRESS_INTERVAL_MS = 250;
/** Decoding starts this much before a stretch that is not the first: MP3's bit reservoir reaches a few frames back. */
const PREROLL_SECONDS = 0.1;

export interface Stretch {
  /** The stretch's first sample: a whole number of level windows into the recording. */
  fromSample: number;
  /** One past its last sample (a whole number of windows too), or null: to the end. */
  toSample: number | null;
}

interface Measured {
  levels: Float32Array;
  /** Where the measuring stopped: `toSample`, or the recording's end (its encoder padding left out). */
  samples: number;
}

export async function measureLevels(recording: OpenedRecording, { fromSample, toSample }: Stretch, report: (progress: SplitProgress) => void): Promise<Measured> {
  const { track, sampleRate, origin } = recording;
  const meter = new LevelMeter(sampleRate);
  meter.samples = fromSample;
  const end = toSample ?? Infinity;
  const downmix = createDownmix();
  let reported = 0;
  const from = fromSample === 0 ? undefined : Math.max(0, origin + fromSample / sampleRate - PREROLL_SECONDS);
  const to = toSample === null ? undefined : origin + toSample / sampleRate + PREROLL_SECONDS;
  for await (const sample of new AudioSampleSink(track).samples(from, to)) {
    try {
      const frames = sample.numberOfFrames;
      // The sample's true position: anything before the meter's count (priming, an overlap,
      // the preroll) is dropped, a gap is measured as silence, so levels stay aligned with samples.
      const at = positionOf(recording, sample.timestamp);
      let skip = 0;
      if (at > meter.samples + 1) meter.pushSilence(Math.min(at, end) - meter.samples);
      else if (at < meter.samples - 1) skip = meter.samples - at;
      const take = Math.min(frames, skip + end - meter.samples);
      if (skip >= take) {
        if (meter.samples >= end) break;
        continue;
      }
      const mono = downmix(sample, skip, take);
      meter.push(mono.subarray(skip), take - skip);
    } finally {
      sample.close();
    }
    const now = performance.now();
    if (now - reported >= PROGRESS_INTERVAL_MS) {
      reported = now;
      report({ doneSeconds: (meter.samples - fromSample) / sampleRate, totalSeconds: null });
    }
    if (meter.samples >= end) break;
  }
  // The encoder's padding after the last sample is not part of the recording either.
  const samples = toSample === null ? Math.max(fromSample, meter.samples - recording.trailingSamples) : meter.samples;
  return { levels: meter.finish(), samples };
}
