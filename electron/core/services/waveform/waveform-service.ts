/**
 * The transcript editor's waveform: a recording's peaks, read once in a splitter process
 * (peaks-pass.ts) and kept in the data folder (peaks-file.ts), so reopening a transcript reads
 * the file instead of the recording. The page takes them in chunks, the first saying how many
 * there are; a transcript whose recording was not kept has no waveform (null). A view zoomed in
 * closer than those peaks draw asks for its stretch, read from the recording at its resolution.
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Problem } from '../../../../shared/domain/problem';
import { log } from '../../log';
import type { PeakReader } from '../audio-split';
import { peaksFileOf, readPeaks, writePeaks, type PeaksFile, type Source } from './peaks-file';

/**
 * Windows per chunk: 2.5 MB (3.4 MB as base64, under the bridge's 8 MB frame), about three and
 * a half hours at 10 ms, so most recordings come in one answer.
 */
export const CHUNK_WINDOWS = 1_310_720;

/** An overview has at most this many pairs: a pixel's worth or more across any screen, in 40 KB. */
export const OVERVIEW_PAIRS = 20_000;

export interface WaveformChunk {
  /** What each pair spans: 10 ms, or a whole number of times that in an overview. */
  windowMs: number;
  /** Windows in the whole recording. */
  windows: number;
  from: number;
  /** [low, high] signed bytes per window, base64: the bridge carries JSON. */
  peaks: string;
  /** The recording's length as the peaks measure it. */
  durationMs: number;
}

/** A stretch of the recording, `fromMs` to `toMs`, in `pairs` equal slices. */
export interface WaveformStretch {
  fromMs: number;
  toMs: number;
  pairs: number;
}

export interface WaveformDeps {
  dir: string;
  audioPath(transcriptId: string): string | null;
  reader: PeakReader;
}

export function createWaveforms(deps: WaveformDeps) {
  /** Recordings being read now: a second window opening the same transcript waits for the same reading; forgetting one stops it. */
  const reading = new Map<string, { done: Promise<PeaksFile>; stop: AbortController }>();
  const fileOf = (id: string) => join(deps.dir, `${encodeURIComponent(id)}.peaks`);
  /**
   * Peaks the data folder refused (full, read-only): kept file is a cache, so the waveform is
   * drawn from memory for this session instead of failing; the next session reads the recording again.
   */
  const held = new Map<string, { peaks: Int8Array; windowMs: number }>();
  const windowsOf = (id: string) => (from: number, count: number) => {
    const inMemory = held.get(id)?.peaks;
    return inMemory ? Promise.resolve(Buffer.from(inMemory.buffer, inMemory.byteOffset + from * 2, Math.max(0, Math.min(count, inMemory.length / 2 - from)) * 2)) : readPeaks(fileOf(id), from, count);
  };

  async function kept(id: string, audio: string, signal: AbortSignal): Promise<PeaksFile> {
    const inMemory = held.get(id);
    if (inMemory) return { windowMs: inMemory.windowMs, windows: inMemory.peaks.length / 2 };
    const info = await stat(audio);
    const source: Source = { size: info.size, mtimeMs: info.mtimeMs };
    const found = await peaksFileOf(fileOf(id), source);
    if (found) return found;
    const { peaks, windowMs } = await deps.reader.peaks(audio, signal).catch((error: unknown) => {
      throw signal.aborted ? gone() : error;
    });
    // Deleted while it was read: nothing is written after forget removed the file.
    if (signal.aborted) throw gone();
    try {
      await mkdir(deps.dir, { recursive: true });
      await writePeaks(fileOf(id), source, windowMs, peaks);
    } catch (error) {
      log.warn(`The waveform's peaks could not be kept (${error instanceof Error ? error.message : String(error)}); drawn from memory this session.`);
      held.set(id, { peaks, windowMs });
    }
    return { windowMs, windows: peaks.length / 2 };
  }

  return {
    /**
     * From window `from` on, a chunk; or, for `overview`, the whole recording in at most
     * OVERVIEW_PAIRS pairs, each the extremes of the windows it covers: what the page draws
     * first, in one small answer, while the full peaks come.
     */
    async chunk(id: string, from: number, overview = false): Promise<WaveformChunk | null> {
      const audio = deps.audioPath(id);
      if (!audio) return null;
      let pending = reading.get(id);
      if (!pending) {
        const stop = new AbortController();
        const started = { stop, done: kept(id, audio, stop.signal).finally(() => reading.get(id) === started && reading.delete(id)) };
        pending = started;
        reading.set(id, started);
      }
      const { windowMs, windows } = await pending.done;
      if (overview) return overviewOf(windowsOf(id), windowMs, windows);
      const start = Math.min(from, windows);
      const bytes = await windowsOf(id)(start, Math.min(CHUNK_WINDOWS, windows - start));
      return { windowMs, windows, from: start, peaks: bytes.toString('base64'), durationMs: windows * windowMs };
    },
    /**
     * A zoomed-in view's stretch, read from the recording itself at the view's resolution (the
     * kept 10 ms peaks are too coarse for 100 ms across): bounded by the contract to seconds of
     * audio, so it is a moment's decoding in a splitter process, and nothing of it is kept.
     */
    async stretch(id: string, stretch: WaveformStretch): Promise<(WaveformStretch & { peaks: string }) | null> {
      const audio = deps.audioPath(id);
      if (!audio) return null;
      const peaks = await deps.reader.window(audio, stretch, new AbortController().signal);
      return { ...stretch, peaks: Buffer.from(peaks.buffer, peaks.byteOffset, peaks.byteLength).toString('base64') };
    },
    /** A transcript removed: its peaks go with its recording; a reading under way is stopped first, and waited for, so it writes none after. */
    async forget(id: string) {
      const pending = reading.get(id);
      if (pending) {
        pending.stop.abort();
        await pending.done.catch(() => undefined);
      }
      held.delete(id);
      await rm(fileOf(id), { force: true });
    },
  };
}

const gone = () => new Problem('editor.transcript_gone');

async function overviewOf(read: (from: number, count: number) => Promise<Buffer>, windowMs: number, windows: number): Promise<WaveformChunk> {
  const step = Math.max(1, Math.ceil(windows / OVERVIEW_PAIRS));
  const bytes = await read(0, windows);
  const all = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  const pairs = Math.ceil(windows / step);
  const out = new Int8Array(pairs * 2);
  for (let pair = 0; pair < pairs; pair++) {
    let low = 0;
    let high = 0;
    for (let i = pair * step; i < Math.min(windows, (pair + 1) * step); i++) {
      low = Math.min(low, all[i * 2]!);
      high = Math.max(high, all[i * 2 + 1]!);
    }
    out[pair * 2] = low;
    out[pair * 2 + 1] = high;
  }
  return { windowMs: windowMs * step, windows: pairs, from: 0, peaks: Buffer.from(out.buffer).toString('base64'), durationMs: windows * windowMs };
}

export type Waveforms = ReturnType<typeof createWaveforms>;
