export interface RecordingClock {
  now(): number;
  /** Calls `tick` every `ms` until the answer is called. */
  every(ms: number, tick: () => void): () => void;
}

export const realClock: RecordingClock = {
  now: () => Date.now(),
  every(ms, tick) {
    const timer = setInterval(tick, ms);
    // The recorder's watch is no reason to keep the process alive.
    timer.unref();
    return () => clearInterval(timer);
  },
};
