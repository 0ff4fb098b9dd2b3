import type { AudioSample } from 'mediabunny';

/**
 * A decoded sample's frames `from`…`to` mixed to mono (the channels' mean), in buffers reused
 * from one sample to the next (grown when a sample is longer): what the level and peak passes
 * measure. Frames before `from` are left as the first channel holds them, unused by the callers.
 */
export function createDownmix() {
  let mono = new Float32Array(0);
  let plane = new Float32Array(0);
  return (sample: AudioSample, from: number, to: number): Float32Array => {
    if (mono.length < sample.numberOfFrames) {
      mono = new Float32Array(sample.numberOfFrames);
      plane = new Float32Array(sample.numberOfFrames);
    }
    const channels = sample.numberOfChannels;
    sample.copyTo(mono, { planeIndex: 0, format: 'f32-planar' });
    for (let channel = 1; channel < channels; channel++) {
      sample.copyTo(plane, { planeIndex: channel, format: 'f32-planar' });
      for (let i = from; i < to; i++) mono[i]! += plane[i]!;
    }
    if (channels > 1) for (let i = from; i < to; i++) mono[i]! /= channels;
    return mono;
  };
}
