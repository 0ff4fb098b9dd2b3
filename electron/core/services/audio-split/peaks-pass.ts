/**
 * A recording's waveform for the transcript editor: decoded once in a splitter process, every
 * sample mixed to mono, and kept as the lowest and highest sample of each 10 ms window (ten
 * windows still span a 100 ms view, where the 50 ms levels would give two). Each pair is two
 * signed bytes (a 127th of full scale is finer than a pixel of the waveform's height), so a
 * three-hour recording's peaks are 2.2 MB, grown in blocks without copying.
 */
import { AudioSampleSink } from 'mediabunny';
import { createDownmix } from './downmix';
import type { PeaksAnswer } from './protocol';
import { positionOf, withRecording } from './source';

export const PEAK_WINDOW_MS = 10;
/** Windows kept per block. */
const BLOCK_WINDOWS = 65_536;

class PeakMeter {
  readonly windowSamples: number;
  samples = 0;
  private readonly blocks: Int8Array[] = [];
  private block = new Int8Array(BLOCK_WINDOWS * 2);
  private filled = 0;
  private low = 0;
  private high = 0;
  private inWindow = 0;

  constructor(sampleRate: number) {
    this.windowSamples = Math.max(1, Math.round((sampleRate * PEAK_WINDOW_MS) / 1000));
  }

  push(mono: Float32Array, from: number, to: number) {
    for (let i = from; i < to; i++) {
      const value = mono[i]!;
      if (value < this.low) this.low = value;
      if (value > this.high) this.high = value;
      if (++this.inWindow === this.windowSamples) this.store();
    }
    this.samples += to - from;
  }

  pushSilence(length: number) {
    for (let left = length; left > 0; left--) if (++this.inWindow === this.windowSamples) this.store();
    this.samples += length;
  }

  finish(): Int8Array {
    if (this.inWindow > 0) this.store();
    const peaks = new Int8Array((this.blocks.length * BLOCK_WINDOWS + this.filled / 2) * 2);
    this.blocks.forEach((block, index) => peaks.set(block, index * BLOCK_WINDOWS * 2));
    peaks.set(this.block.subarray(0, this.filled), this.blocks.length * BLOCK_WINDOWS * 2);
    return peaks;
  }

  private store() {
    if (this.filled === this.block.length) {
      this.blocks.push(this.block);
      this.block = new Int8Array(BLOCK_WINDOWS * 2);
      this.filled = 0;
    }
    const byte = (value: number) => Math.max(-127, Math.min(127, Math.round(value * 127)));
    this.block[this.filled++] = byte(this.low);
    this.block[this.filled++] = byte(this.high);
    this.low = 0;
    this.high = 0;
    this.inWindow = 0;
  }
}

/** The recording's peaks from its first sample to its last (priming and padding left out, as the player does). */
export function measurePeaks(path: string): Promise<PeaksAnswer> {
  return withRecording(path, async (recording) => {
    const meter = new PeakMeter(recording.sampleRate);
    const downmix = createDownmix();
    for await (const sample of new AudioSampleSink(recording.track).samples()) {
      try {
        const frames = sample.numberOfFrames;
        const at = positionOf(recording, sample.timestamp);
        // A gap is silence and an overlap (priming) is dropped, so a window stays where its samples are.
        if (at > meter.samples + 1) meter.pushSilence(at - meter.samples);
        const skip = Math.min(frames, Math.max(0, meter.samples - at));
        const mono = downmix(sample, skip, frames);
        meter.push(mono, skip, frames);
      } finally {
        sample.close();
      }
    }
    const peaks = meter.finish();
    const trailing = Math.floor(recording.trailingSamples / meter.windowSamples) * 2;
    return { type: 'peaks', peaks: trailing ? peaks.slice(0, Math.max(0, peaks.length - trailing)) : peaks, windowMs: PEAK_WINDOW_MS };
  });
}
