/** One finished part: its audio length and the wall time since the part before it came back (or since sending began). */
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
