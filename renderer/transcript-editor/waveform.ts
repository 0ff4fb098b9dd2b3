/** The waveform's peaks, as main answers them: an overview first, then every 10 ms pair in chunks (a zoomed-in view's finer stretch: wave-detail.ts). */
import { api } from '../api';

export interface Peaks {
  /** [highs, lows] in -1…1: wavesurfer draws the first channel above the line, the second below. */
  channels: [Float32Array, Float32Array];
  duration: number;
  /** What each pair spans. */
  windowMs: number;
}

type Chunk = { windows: number; windowMs: number; from: number; peaks: string; durationMs: number };

/** Pairs of signed bytes (base64) into the two channels, from the chunk's first window; where the next chunk starts. */
function take(channels: Peaks['channels'], { from, peaks }: Pick<Chunk, 'from' | 'peaks'>): number {
  const text = atob(peaks);
  const [highs, lows] = channels;
  for (let i = 0; i * 2 < text.length; i++) {
    // Signed bytes: 128 and above are negative.
    lows[from + i] = ((text.charCodeAt(i * 2) << 24) >> 24) / 127;
    highs[from + i] = ((text.charCodeAt(i * 2 + 1) << 24) >> 24) / 127;
  }
  return from + text.length / 2;
}

/** A zoomed-in view's stretch (`transcriptEditor.waveformWindow`) as the two channels wavesurfer draws. */
export function pairsOf({ peaks, pairs }: { peaks: string; pairs: number }): Peaks['channels'] {
  const channels: Peaks['channels'] = [new Float32Array(pairs), new Float32Array(pairs)];
  take(channels, { from: 0, peaks });
  return channels;
}

const peaksFrom = (first: Chunk): Peaks => ({ channels: [new Float32Array(first.windows), new Float32Array(first.windows)], duration: first.durationMs / 1000, windowMs: first.windowMs });

let asked: { id: string; overview: Promise<Peaks | null> } | null = null;

/**
 * The whole recording in a few thousand pairs (null: its transcript kept no recording), to draw
 * at once; asked once per transcript opened, at the click on Edit transcript after the document
 * (`prepareEditor`), while the page takes down the result view. Asked beside the document once the
 * editor's screen had mounted, it delayed the first row more than it sped the waveform.
 */
export function overviewOf(id: string): Promise<Peaks | null> {
  if (asked?.id !== id) {
    const asking = {
      id,
      overview: api.transcriptEditor.waveform({ id, from: 0, overview: true }).then((chunk) => {
        if (!chunk) return null;
        const peaks = peaksFrom(chunk);
        take(peaks.channels, chunk);
        return peaks;
      }),
    };
    // A failure is not kept: the next opening asks again.
    asking.overview.catch(() => asked === asking && (asked = null));
    asked = asking;
  }
  return asked.overview;
}

/** Every 10 ms pair, a chunk at a time: what zooming in draws from. */
export async function fullPeaks(id: string): Promise<Peaks | null> {
  const first = await api.transcriptEditor.waveform({ id, from: 0 });
  if (!first) return null;
  const peaks = peaksFrom(first);
  let from = take(peaks.channels, first);
  while (from < first.windows) {
    const chunk = await api.transcriptEditor.waveform({ id, from });
    if (!chunk || chunk.from !== from || !chunk.peaks) break;
    from = take(peaks.channels, chunk);
  }
  return peaks;
}
