import { create } from 'zustand';
import type { Capabilities, LiveTranscript, RecordingEvent, WhoSpoke } from '../../shared/contract/recording';

export type Phase = 'idle' | 'starting' | 'capturing' | 'stopping';

interface RecorderState {
  /** Main's view: the running recording and those waiting for a decision (null until the watch answered). */
  event: RecordingEvent | null;
  capabilities: Capabilities | null;
  /** Main's live transcript of the newest recording: captions, and final text where a part is done. */
  live: LiveTranscript | null;
  /** What this page's capture is doing (main's state says whether the recording runs). */
  phase: Phase;
  /** Seconds of audio kept, counted by the page's chunker as blocks arrive (main's count lags by a chunk). */
  seconds: number;
  /** Each track's latest peak, 0..1, in the recording's track order. */
  levels: number[];
  /** A failure of the page's own (no microphone, permission refused, the connection to main lost). */
  failure: unknown;
  /** The last who-spoke answer this page gave: what main does with it is said until the next Start (main keeps the open questions). */
  whoSpokeSaid: WhoSpoke | null;
  set(change: Partial<Omit<RecorderState, 'set'>>): void;
}

/** The recorder's state: fed by one `recording.watch` and by the page's capture. */
export const useRecorder = create<RecorderState>((set) => ({
  event: null,
  capabilities: null,
  live: null,
  phase: 'idle',
  seconds: 0,
  levels: [],
  failure: null,
  whoSpokeSaid: null,
  set,
}));
