/** How long one finished part took: its audio length and the wall time from start to its result. */
export interface PartTiming {
  audioSeconds: number;
  elapsedMs: number;
}

/**
 * Seconds left for `remainingAudioSeconds` of audio, at the pace the parts finished so far
 * went (encoding, upload and the service together); null until one part has finished.
 */
export function estimateSecondsLeft(done: readonly PartTiming[], remainingAudioSeconds: number): number | null {
  const audio = done.reduce((sum, part) => sum + part.audioSeconds, 0);
  if (!done.length || audio <= 0) return null;
  const msPerAudioSecond = done.reduce((sum, part) => sum + part.elapsedMs, 0) / audio;
  return Math.round((remainingAudioSeconds * msPerAudioSecond) / 1000);
}
