import { createCaptureContext } from './capture-context';
import workletUrl from './pcm-worklet.ts?worker&url';

/** One block, 100 ms (the first: one render quantum, to say capture runs): the tracks' 16-bit samples interleaved, and each track's peak (0..1). */
export interface PcmBlock {
  pcm: Int16Array;
  peaks: number[];
}

export interface Capture {
  /** The context's clock: when the first block was rendered, for latency figures. */
  readonly context: AudioContext;
  stop(): Promise<void>;
}

/** A context with the worklet loaded and no microphone open: what makes a press start at once. */
export interface PreparedCapture {
  readonly context: AudioContext;
  /** Starts rendering `streams` into blocks; stopping it leaves the context prepared for the next. */
  start(streams: MediaStream[], onBlock: (block: PcmBlock) => void): Promise<Capture>;
  close(): Promise<void>;
}

/**
 * Creates the context at the recording rate and loads the worklet: the slow part of a capture
 * (tens of milliseconds), done before anyone presses a button that must answer at once.
 */
export async function prepareCapture(): Promise<PreparedCapture> {
  const context = createCaptureContext();
  try {
    await context.audioWorklet.addModule(workletUrl);
    // A prepared context waits suspended: a running one renders silence all the while a Pro
    // composer shows, for nothing. Resuming it at a press takes a few milliseconds.
    await context.suspend();
  } catch (error) {
    await context.close();
    throw error;
  }
  return {
    context,
    async start(streams, onBlock) {
      const merger = context.createChannelMerger(streams.length);
      const sources = streams.map((stream, index) => {
        const source = context.createMediaStreamSource(stream);
        source.connect(merger, 0, index);
        return source;
      });
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
      // Prepared contexts wait suspended (and one made before the user's first gesture starts so).
      if (context.state !== 'running') await context.resume();
      return {
        context,
        async stop() {
          node.port.onmessage = null;
          for (const source of sources) source.disconnect();
          merger.disconnect();
          await context.suspend();
        },
      };
    },
    close: () => context.close(),
  };
}

/**
 * Renders the given streams (one track each, in order) in one AudioContext at the recording
 * rate and hands out PCM blocks. One context means one clock: every block holds the same
 * number of frames of each track, which is what keeps a two-track recording aligned over an
 * hour. Chromium resamples each device to the context's rate.
 */
export async function startCapture(streams: MediaStream[], onBlock: (block: PcmBlock) => void): Promise<Capture> {
  const prepared = await prepareCapture();
  try {
    const capture = await prepared.start(streams, onBlock);
    return {
      context: prepared.context,
      async stop() {
        await capture.stop();
        await prepared.close();
      },
    };
  } catch (error) {
    await prepared.close();
    throw error;
  }
}
