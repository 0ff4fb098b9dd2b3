/**
 * A short stretch of a recording's waveform at the resolution of the view that shows it: the
 * editor zoomed in past what the kept 10 ms peaks draw (100 ms across the waveform is ten of
 * them). Only the stretch is decoded (mediabunny seeks to it), every sample mixed to mono, and
 * each of `pairs` equal slices kept as its lowest and highest sample, as peaks-pass.ts keeps
 * a window's, in signed bytes.
 */
import { AudioSampleSink } from 'mediabunny';
import { createDownmix } from './downmix';
import type { WindowAnswer } from './protocol';
import { positionOf, withRecording } from './source';

/** Decoding starts this much before the stretch: MP3's bit reservoir reaches a few frames back (as in measure-pass.ts). */
const PREROLL_SECONDS = 0.1;

const byte = (value: number) => Math.max(-127, Math.min(127, Math.round(value * 127)));

export function measureWindow(path: string, fromMs: number, toMs: number, pairs: number): Promise<WindowAnswer> {
  return withRecording(path, async (recording) => {
    const { sampleRate, origin } = recording;
    const first = Math.round((fromMs * sampleRate) / 1000);
    const samples = Math.max(1, Math.round((toMs * sampleRate) / 1000) - first);
    const lows = new Float32Array(pairs);
    const highs = new Float32Array(pairs);
    // A pair finer than a sample still shows the sample it falls on, so a close view has no gaps.
    const pairOf = (offset: number) => Math.min(pairs - 1, Math.floor((offset * pairs) / samples));
    const lastPairOf = (offset: number) => Math.max(pairOf(offset), Math.min(pairs - 1, Math.ceil(((offset + 1) * pairs) / samples) - 1));
    const downmix = createDownmix();
    const from = Math.max(0, origin + first / sampleRate - PREROLL_SECONDS);
    const to = origin + (first + samples) / sampleRate;
    for await (const sample of new AudioSampleSink(recording.track).samples(from, to)) {
      try {
        const at = positionOf(recording, sample.timestamp) - first;
        const begin = Math.max(0, -at);
        const end = Math.min(sample.numberOfFrames, samples - at);
        if (begin >= end) continue;
        const mono = downmix(sample, begin, end);
        for (let i = begin; i < end; i++) {
          const value = mono[i]!;
          for (let pair = pairOf(at + i), last = lastPairOf(at + i); pair <= last; pair++) {
            if (value < lows[pair]!) lows[pair] = value;
            if (value > highs[pair]!) highs[pair] = value;
          }
        }
      } finally {
        sample.close();
      }
    }
    const peaks = new Int8Array(pairs * 2);
    for (let pair = 0; pair < pairs; pair++) {
      peaks[pair * 2] = byte(lows[pair]!);
      peaks[pair * 2 + 1] = byte(highs[pair]!);
    }
    return { type: 'window', peaks };
  });
}
