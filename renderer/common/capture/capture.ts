import type { PauseHint } from '../../../shared/contract/recording';
import { createCaptureContext } from './capture-context';
import workletUrl from './pcm-worklet.ts?worker&url';
import type { PageMessage, WorkletMessage } from './worklet-messages';

/** What a capture hands out, in render order: the PCM a second at a time, and the meters' levels every 300 ms. */
export interface CaptureHandlers {
  /** The tracks' 16-bit samples interleaved: a second's block, or what a flush found; `early` at a pause main's hint asked for. */
  onPcm(pcm: Int16Array<ArrayBuffer>, early: boolean): void;
  /** Each track's peak (0..1) over the `frames` rendered since the last level; the first comes after one render quantum, so the page knows capture runs. */
  onLevel(peaks: number[], frames: number): void;
}

export interface Capture {
  /** The context's clock: when the first level was rendered, for latency figures. */
  readonly context: AudioContext;
  /** Resolves once every frame rendered so far has reached the handlers (Stop and Pause send it all). */
  flush(): Promise<void>;
  /** Main's latest pause hint (from a chunk's answer), handed to the worklet when it changed. */
  pauseHint(hint: PauseHint | null): void;
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
      // Flushes answered in order: the worklet answers each request after the frames before it.
      const flushed: Array<() => void> = [];
      let lastHint = 'null';
      node.port.onmessage = ({ data }: MessageEvent<WorkletMessage>) => {
        if (data.kind === 'pcm') handlers.onPcm(new Int16Array(data.pcm), data.early === true);
        else if (data.kind === 'level') handlers.onLevel(data.peaks, data.frames);
        else flushed.shift()?.();
      };
      merger.connect(node);
      // Prepared contexts wait suspended (and one made before the user's first gesture starts so).
      if (context.state !== 'running') await context.resume();
      return {
        context,
        flush() {
          // A closed context's worklet answers nothing; it has nothing left to hand over either.
          if (context.state === 'closed') return Promise.resolve();
          return new Promise<void>((resolve) => {
            flushed.push(resolve);
            node.port.postMessage('flush' satisfies PageMessage);
          });
        },
        pauseHint(hint) {
          // Main answers every chunk with it; the worklet hears only a change (whole decibels change seldom).
          const key = JSON.stringify(hint);
          if (key === lastHint) return;
          lastHint = key;
          node.port.postMessage({ kind: 'pauseHint', hint } satisfies PageMessage);
        },
        async stop() {
          node.port.onmessage = null;
          flushed.splice(0).forEach((resolve) => resolve());
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
      flush: () => capture.flush(),
      pauseHint: (hint) => capture.pauseHint(hint),
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
