/**
 * Pass 1: the whole recording decoded once, every sample mixed to mono and measured into
 * 50 ms levels (levels.ts); only the levels are kept, and the cut points are planned from
 * them. Each decoded AudioSample is closed as soon as it is measured, so memory holds the
 * levels (288 KB per audio hour), the read cache and the decoder's few frames in flight.
 */
import { AudioSampleSink } from 'mediabunny';
import { type SplitOptions, planParts } from './cut-points';
import { LevelMeter } from './levels';
import { UnsplittableAudioError } from './protocol';
import { openRecording, positionOf } from './source';
import type { SplitPlan, SplitProgress } from './types';

const PROGRESS_INTERVAL_MS = 250;

export async function planRecording(path: string, options: SplitOptions, report: (progress: SplitProgress) => void): Promise<SplitPlan> {
  const recording = await openRecording(path);
  try {
    const { track, sampleRate } = recording;
    const metadata = await track.getDurationFromMetadata().catch(() => null);
    const totalSeconds = metadata === null ? null : Math.max(0, metadata - recording.origin);
    const meter = new LevelMeter(sampleRate);
    let mono = new Float32Array(0);
    let plane = new Float32Array(0);
    let reported = 0;
    for await (const sample of new AudioSampleSink(track).samples()) {
      try {
        const frames = sample.numberOfFrames;
        const channels = sample.numberOfChannels;
        // The sample's true position: anything before the meter's count (priming, an overlap)
        // is dropped, a gap is measured as silence, so levels stay aligned with samples.
        const at = positionOf(recording, sample.timestamp);
        let skip = 0;
        if (at > meter.samples + 1) meter.pushSilence(at - meter.samples);
        else if (at < meter.samples - 1) skip = meter.samples - at;
        if (skip >= frames) continue;
        if (mono.length < frames) {
          mono = new Float32Array(frames);
          plane = new Float32Array(frames);
        }
        sample.copyTo(mono, { planeIndex: 0, format: 'f32-planar' });
        for (let channel = 1; channel < channels; channel++) {
          sample.copyTo(plane, { planeIndex: channel, format: 'f32-planar' });
          for (let i = 0; i < frames; i++) mono[i]! += plane[i]!;
        }
        if (channels > 1) for (let i = 0; i < frames; i++) mono[i]! /= channels;
        meter.push(mono.subarray(skip), frames - skip);
      } finally {
        sample.close();
      }
      const now = performance.now();
      if (now - reported >= PROGRESS_INTERVAL_MS) {
        reported = now;
        report({ doneSeconds: meter.samples / sampleRate, totalSeconds });
      }
    }
    // The encoder's padding after the last sample is not part of the recording either.
    const totalSamples = Math.max(0, meter.samples - recording.trailingSamples);
    if (totalSamples === 0) throw new UnsplittableAudioError(`${path.split(/[\\/]/).pop()} holds no audio that could be decoded. Check that it plays, then add it again.`);
    const cutPlan = planParts({ levels: meter.finish(), windowSamples: meter.windowSamples, sampleRate, totalSamples }, options);
    const durationSeconds = totalSamples / sampleRate;
    report({ doneSeconds: durationSeconds, totalSeconds: durationSeconds });
    return {
      sampleRate,
      primingSamples: recording.primingSamples,
      durationSeconds,
      cuts: cutPlan.parts.map(({ index, startSample, endSample }) => ({ index, startSample, endSample })),
    };
  } finally {
    recording.input.dispose();
  }
}
