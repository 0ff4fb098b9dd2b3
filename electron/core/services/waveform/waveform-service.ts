/**
 * The transcript editor's waveform: a recording's peaks, read once in a splitter process
 * (peaks-pass.ts) and kept in the data folder (peaks-file.ts), so reopening a transcript reads
 * the file instead of the recording. The page takes them in chunks, the first saying how many
 * there are; a transcript whose recording was not kept has no waveform (null).
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { PeakReader } from '../audio-split';
import { peaksFileOf, readPeaks, writePeaks, type PeaksFile, type Source } from './peaks-file';

/** Windows per chunk: 512 KB, about 45 minutes of a recording at 10 ms. */
export const CHUNK_WINDOWS = 262_144;

export interface WaveformChunk {
  windowMs: number;
  /** Windows in the whole recording. */
  windows: number;
  from: number;
  /** [low, high] signed bytes per window, base64: the bridge carries JSON. */
  peaks: string;
}

export interface WaveformDeps {
  dir: string;
  audioPath(transcriptId: string): string | null;
  reader: PeakReader;
}

export function createWaveforms(deps: WaveformDeps) {
  /** Recordings being read now: a second window opening the same transcript waits for the same reading. */
  const reading = new Map<string, Promise<PeaksFile>>();
  const fileOf = (id: string) => join(deps.dir, `${encodeURIComponent(id)}.peaks`);

  async function kept(id: string, audio: string): Promise<PeaksFile> {
    const info = await stat(audio);
    const source: Source = { size: info.size, mtimeMs: info.mtimeMs };
    const found = await peaksFileOf(fileOf(id), source);
    if (found) return found;
    const { peaks, windowMs } = await deps.reader.peaks(audio, new AbortController().signal);
    await mkdir(deps.dir, { recursive: true });
    await writePeaks(fileOf(id), source, windowMs, peaks);
    return { windowMs, windows: peaks.length / 2 };
  }

  return {
    async chunk(id: string, from: number): Promise<WaveformChunk | null> {
      const audio = deps.audioPath(id);
      if (!audio) return null;
      let pending = reading.get(id);
      if (!pending) {
        pending = kept(id, audio).finally(() => reading.delete(id));
        reading.set(id, pending);
      }
      const { windowMs, windows } = await pending;
      const start = Math.min(from, windows);
      const bytes = await readPeaks(fileOf(id), start, Math.min(CHUNK_WINDOWS, windows - start));
      return { windowMs, windows, from: start, peaks: bytes.toString('base64') };
    },
    /** A transcript removed: its peaks go with its recording. */
    forget: (id: string) => rm(fileOf(id), { force: true }),
  };
}

export type Waveforms = ReturnType<typeof createWaveforms>;
