import { createCaptureContext } from './capture-context';
import { createPeaks } from './peaks';
import type { WorkletMessage } from './pcm-worklet';
import workletUrl from './pcm-worklet.ts?worker&url';

/** What a capture hands out as it runs. */
export interface CaptureHandlers {
  /**
   * Audio, the tracks' 16-bit samples interleaved: a second at a time (the first block: one
   * render quantum, to say capture runs; a flush's: what was held).
   */
  onBlock(pcm: Int16Array<ArrayBuffer>): void;
  /** Every 100 ms: each track's peak (0..1) over about the last 100 ms, and the frames held (`Capture.held`). */
  onLevel(peaks: number[], heldFrames: number): void;
}

/** How often the meters are read. */
const LEVEL_MS = 100;

export interface Capture {
  /** The context's clock: when the first block was rendered, for latency figures. */
  readonly context: AudioContext;
  /** Frames rendered and not yet handed out (up to a second's): clocks and markers count them. */
  held(): number;
  /** Hands out what the worklet holds (up to a second) as a block: resolves once onBlock has had it. */
  flush(): Promise<void>;
  /** Ends the capture, handing out first what was held: nothing rendered is lost. */
  stop(): Promise<void>;
}

/** A context with the worklet loaded and no microphone open: what makes a press start at once. */
export interface PreparedCapture {
  readonly context: AudioContext;
  /** Starts rendering `streams` into blocks; stopping it leaves the context prepared for the next. */
  start(streams: MediaStream[], handlers: CaptureHandlers): Promise<Capture>;
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
    async start(streams, handlers) {
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
      // Flushes are answered in the order asked (one port, one thread).
      const flushes: Array<() => void> = [];
      /** The context's frame after the last one handed out; null before the first block. */
      let handedEnd: number | null = null;
      node.port.onmessage = ({ data }: MessageEvent<WorkletMessage>) => {
        handedEnd = data.end;
        if (data.pcm.byteLength > 0) handlers.onBlock(new Int16Array(data.pcm));
        if (data.flushed) flushes.shift()?.();
      };
      const held = () => (handedEnd === null ? 0 : Math.max(0, Math.round(context.currentTime * context.sampleRate) - handedEnd));
      const peaks = createPeaks(context, sources);
      const flush = () =>
        new Promise<void>((resolve) => {
          flushes.push(resolve);
          node.port.postMessage('flush');
        });
      merger.connect(node);
      // Prepared contexts wait suspended (and one made before the user's first gesture starts so).
      if (context.state !== 'running') await context.resume();
      const meter = setInterval(() => handlers.onLevel(peaks.read(), held()), LEVEL_MS);
      return {
        context,
        held,
        flush,
        async stop() {
          clearInterval(meter);
          // Disconnected first, the worklet renders nothing more, so the flush takes the last frame.
          for (const source of sources) source.disconnect();
          merger.disconnect();
          await flush();
          node.port.onmessage = null;
          await context.suspend();
        },
      };
    },
    close: () => context.close(),
  };
}

/**
 * Renders the given streams (one track each, in order) in one AudioContext at the recording
 * rate and hands out PCM blocks and levels. One context means one clock: every block holds the same
 * number of frames of each track, which is what keeps a two-track recording aligned over an
 * hour. Chromium resamples each device to the context's rate.
 */
export async function startCapture(streams: MediaStream[], handlers: CaptureHandlers): Promise<Capture> {
  const prepared = await prepareCapture();
  try {
    const capture = await prepared.start(streams, handlers);
    return {
      context: prepared.context,
      held: capture.held,
      flush: capture.flush,
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
