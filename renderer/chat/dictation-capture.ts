import { RECORDING_SAMPLE_RATE } from '../../shared/contract/recording';
import { type PreparedCapture, prepareCapture } from '../common/capture/capture';

let prepared: Promise<PreparedCapture> | null = null;

/**
 * Loads the capture's context and worklet without opening the microphone, once per page: done
 * when a Pro composer shows, so that a press only has to open the device.
 */
export function prepareMicrophone(): Promise<PreparedCapture> {
  prepared ??= prepareCapture().catch((error: unknown) => {
    prepared = null;
    throw error;
  });
  return prepared;
}

export interface MicrophoneTake {
  /** Ends the take: every sample captured since the press, 16-bit mono at the recording rate. */
  finish(): Promise<Int16Array>;
  /** Ends the take and drops what it captured. */
  cancel(): void;
}

/**
 * Opens the microphone at once and keeps every block from the first, so the first words are in,
 * to the last (the worklet's partial second is flushed at the release). `onLevel` hears the peak
 * (0..1) of each 300 ms and the seconds captured so far; `onRunning` the first level's arrival, when
 * capture is really running; `allow` asks main to let the microphone open. A release before the device opened ends with what was captured: none.
 */
export function openMicrophone(handlers: { onLevel(peak: number, seconds: number): void; onRunning(): void; allow(): Promise<void> }): MicrophoneTake {
  const blocks: Int16Array[] = [];
  let ended = false;
  let cancelled = false;
  const opening = (async () => {
    const [stream, capture] = await Promise.all([
      // Main opens the microphone's permission for this take first (Electron asks main for it).
      handlers.allow().then(() =>
        navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true } }),
      ),
      prepareMicrophone(),
    ]);
    const close = () => stream.getTracks().forEach((track) => track.stop());
    if (ended) {
      close();
      return null;
    }
    try {
      let heard = 0;
      const running = await capture.start([stream], {
        onPcm: (pcm) => {
          if (!cancelled) blocks.push(pcm);
        },
        onLevel: (peaks, frames) => {
          if (ended) return;
          if (heard === 0) handlers.onRunning();
          heard += frames;
          handlers.onLevel(peaks[0] ?? 0, heard / RECORDING_SAMPLE_RATE);
        },
      });
      return {
        async stop() {
          // The worklet's partial second is the end of what was said.
          await running.flush();
          await running.stop();
          close();
        },
      };
    } catch (error) {
      close();
      throw error;
    }
  })();
  // A take cancelled before the device opened has nobody left to hear its failure.
  opening.catch(() => undefined);

  const end = async () => {
    ended = true;
    await (await opening)?.stop();
  };

  return {
    async finish() {
      await end();
      const samples = new Int16Array(blocks.reduce((sum, block) => sum + block.length, 0));
      let offset = 0;
      for (const block of blocks) {
        samples.set(block, offset);
        offset += block.length;
      }
      return samples;
    },
    cancel() {
      cancelled = true;
      blocks.length = 0;
      end().catch(() => undefined);
    },
  };
}
