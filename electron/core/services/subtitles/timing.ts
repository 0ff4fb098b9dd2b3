import type { SubtitleRules } from '../../../../shared/domain/transcript';

/** A cue before timing: its words' span in ms and its length in characters. */
type Group = { start: number; end: number; chars: number };

/**
 * Display times (ms) for cues in order. A cue starts with its first word and is held past
 * its last word into the following silence, up to the minimum duration or the time its text
 * needs at the maximum reading speed, whichever is longer, but never into the next cue,
 * past the maximum duration or past the end of the audio.
 */
export function timeCues(groups: readonly Group[], rules: SubtitleRules, durationMs: number | null): Array<[number, number]> {
  // The cursor only matters for a cue whose words all share one instant with the previous
  // cue's end: it starts a millisecond late so that every cue has start < end.
  let cursor = 0;
  const times = groups.map((group, k): [number, number] => {
    const start = Math.max(group.start, cursor);
    const limit = Math.min(groups[k + 1]?.start ?? Infinity, durationMs ?? Infinity, start + rules.maxCueSeconds * 1000);
    const wanted = Math.max(start + rules.minCueSeconds * 1000, start + Math.ceil((group.chars * 1000) / rules.maxCharsPerSecond));
    cursor = Math.max(group.end, Math.min(wanted, limit), start + 1);
    return [start, cursor];
  });
  // That millisecond can push the last cues past the end of the audio: pull them back (all
  // but impossible to fail, which would take an audio shorter than a millisecond per cue).
  if (durationMs !== null) {
    let limit = durationMs;
    for (let k = times.length - 1; k >= 0 && times[k]![1] > limit; k--) {
      const time = times[k]!;
      time[1] = limit;
      time[0] = Math.max(0, Math.min(time[0], limit - 1));
      limit = time[0];
    }
  }
  return times;
}
