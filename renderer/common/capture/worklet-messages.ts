import type { PauseHint } from '../../../shared/contract/recording';

/** What the capture's worklet posts to the page, in render order. */
export type WorkletMessage =
  /** The tracks' 16-bit samples interleaved: a second's block, or what a flush found; `early` at a pause main's hint asked for (send it at once). */
  | { kind: 'pcm'; pcm: ArrayBuffer; early?: true }
  /** Each track's peak (0..1) over the `frames` rendered since the last level: every 300 ms, and after the first render quantum. */
  | { kind: 'level'; peaks: number[]; frames: number }
  /** Every frame rendered before the page's flush request has been posted. */
  | { kind: 'flushed' };

/** What the page posts to the worklet. */
export type PageMessage =
  /** Hand over every frame rendered so far, then say `flushed`. */
  | 'flush'
  /** Main's pause hint from its last chunk answer (null: none, hand over by the second). */
  | { kind: 'pauseHint'; hint: PauseHint | null };
