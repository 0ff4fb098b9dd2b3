/** What the capture's worklet posts to the page, in render order. */
export type WorkletMessage =
  /** The tracks' 16-bit samples interleaved: a second's block, or what a flush found. */
  | { kind: 'pcm'; pcm: ArrayBuffer }
  /** Each track's peak (0..1) over the `frames` rendered since the last level: every 300 ms, and after the first render quantum. */
  | { kind: 'level'; peaks: number[]; frames: number }
  /** Every frame rendered before the page's flush request has been posted. */
  | { kind: 'flushed' };
