import { RECORDING_SAMPLE_RATE } from '../../../shared/contract/recording';
import workletUrl from './pcm-worklet.ts?worker&url';

/** One 100 ms block: the tracks' 16-bit samples interleaved, and each track's peak (0..1). */
export interface PcmBlock {
  pcm: Int16Array;
  peaks: number[];
}

export interface Capture {
  /** The context's clock: when the first block was rendered, for latency figures. */
  readonly context: AudioContext;
  stop(): Promise<void>;
}

/**
 * Renders the given streams (one track each, in order) in one AudioContext at the recording
 * rate and hands out PCM blocks. One context means one clock: every block holds the same
 * number of frames of each track, which is what keeps a two-track recording aligned over an
 * hour. Chromium resamples each device to the context's rate.
 */
export async function startCapture(streams: MediaStream[], onBlock: (block: PcmBlock) => void): Promise<Capture> {
  const context = new AudioContext({ sampleRate: RECORDING_SAMPLE_RATE, latencyHint: 'interactive' });
  try {
    await context.audioWorklet.addModule(workletUrl);
    const merger = context.createChannelMerger(streams.length);
    streams.forEach((stream, index) => context.createMediaStreamSource(stream).connect(merger, 0, index));
    const node = new AudioWorkletNode(context, 'confab-pcm-blocks', {
      numberOfInputs: 1,
      numberOfOutputs: 0,
      channelCount: streams.length,
      channelCountMode: 'explicit',
      channelInterpretation: 'discrete',
    });
    node.port.onmessage = (event: MessageEvent<{ pcm: ArrayBuffer; peaks: number[] }>) =>
      onBlock({ pcm: new Int16Array(event.data.pcm), peaks: event.data.peaks });
    merger.connect(node);
    if (context.state !== 'running') await context.resume();
  } catch (error) {
    await context.close();
    throw error;
  }
  return {
    context,
    async stop() {
      await context.close();
    },
  };
}
