import { DEFAULT_SPLIT, LEVEL_WINDOW_SECONDS, type SplitCut, chooseCut, decibels, pauseThreshold } from '../audio-split';

export interface LiveCutOptions {
  /** Where a part should end. The last part, sent after Stop, is at most this plus the radius: it sets how long Stop waits. */
  targetSeconds: number;
  /** How far from the target a cut may move to find a pause. */
  searchRadiusSeconds: number;
}

/** Four-minute parts: at Stop the last one takes one part's service time, and a part is still long enough to carry context. */
export const DEFAULT_LIVE_CUTS: LiveCutOptions = { targetSeconds: 240, searchRadiusSeconds: 20 };

/**
 * Cuts a recording into parts as it grows, in the recording's own frames. It measures the mix
 * of the tracks (the average, as the mix sent at Stop) 50 ms at a time, and decides a part's end
 * as soon as the audio up to `target + radius` is measured, in the best pause around the target,
 * with the splitter's own rule. A decision depends only on the levels up to that point, so the
 * cuts are the same however the audio arrives.
 */
export function createLiveCutter(sampleRate: number, options: LiveCutOptions, onCut: (cut: SplitCut) => void) {
  const windowSamples = Math.round(sampleRate * LEVEL_WINDOW_SECONDS);
  const target = Math.round(options.targetSeconds * sampleRate);
  const radius = Math.min(Math.round(options.searchRadiusSeconds * sampleRate), Math.floor(target / 2));
  const levels: number[] = [];
  let sum = 0;
  let inWindow = 0;
  let frames = 0;
  let start = 0;
  let index = 0;

  const decideAt = () => Math.ceil((start + target + radius) / windowSamples);

  function decide() {
    const aim = start + target;
    const measured = Float32Array.from(levels.slice(0, decideAt()));
    const track = { levels: measured, windowSamples, sampleRate, totalSamples: aim + radius };
    // The threshold follows the part's own audio: who speaks, and how loud, changes over a meeting.
    const threshold = pauseThreshold(measured.subarray(Math.floor(start / windowSamples)));
    const cut = chooseCut(track, threshold, aim - radius, aim + radius, aim, { ...DEFAULT_SPLIT, searchRadiusSeconds: radius / sampleRate });
    onCut({ index: index++, startSample: start, endSample: cut.sample });
    start = cut.sample;
  }

  return {
    /** Frames just kept, one buffer of 16-bit samples per track. */
    heard(tracks: readonly Buffer[]) {
      const count = Math.min(...tracks.map((track) => track.byteLength >> 1));
      for (let i = 0; i < count; i++) {
        let mixed = 0;
        for (const track of tracks) mixed += track.readInt16LE(i * 2);
        const value = Math.round(mixed / tracks.length) / 32_768;
        sum += value * value;
        if (++inWindow === windowSamples) {
          levels.push(decibels(sum / windowSamples));
          sum = 0;
          inWindow = 0;
          while (levels.length >= decideAt()) decide();
        }
      }
      frames += count;
    },

    /** The recording ended: the rest is the last part (none when nothing is left). */
    finish(): SplitCut | null {
      if (frames <= start) return null;
      const last = { index: index++, startSample: start, endSample: frames };
      start = frames;
      onCut(last);
      return last;
    },
  };
}

export type LiveCutter = ReturnType<typeof createLiveCutter>;
