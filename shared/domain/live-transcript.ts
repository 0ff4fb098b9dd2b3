import type { LiveChange, LiveLine, LiveTranscript } from '../contract/recording';

/** The live transcript's order: by when it was said, a final line before a caption at the same moment (then by key, so main and page agree). */
export const byTimeFinalFirst = (a: LiveLine, b: LiveLine) => a.startSeconds - b.startSeconds || Number(b.final) - Number(a.final) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * The page's live transcript after `change` (main's `recording.captions` event): a whole one,
 * or one of another recording, replaces it; otherwise lines gone are dropped, lines changed are
 * replaced in place and new ones added, in main's order.
 */
export function applyLiveChange(live: LiveTranscript | null, change: LiveChange): LiveTranscript {
  if (change.whole || !live || live.recordingId !== change.recordingId) return { recordingId: change.recordingId, lines: change.lines, sendingWaits: change.sendingWaits };
  const gone = new Set([...change.removed, ...change.lines.map((line) => line.key)]);
  return {
    recordingId: live.recordingId,
    lines: [...live.lines.filter((line) => !gone.has(line.key)), ...change.lines].sort(byTimeFinalFirst),
    sendingWaits: change.sendingWaits,
  };
}

/** What changed from `before` to `after` (same recording): the lines new or different, and the keys gone. */
export function liveChangeOf(before: readonly LiveLine[], after: LiveTranscript): LiveChange {
  const was = new Map(before.map((line) => [line.key, line]));
  const same = (a: LiveLine, b: LiveLine) => a.text === b.text && a.speaker === b.speaker && a.startSeconds === b.startSeconds && a.endSeconds === b.endSeconds && a.final === b.final;
  const lines = after.lines.filter((line) => {
    const old = was.get(line.key);
    return !old || !same(old, line);
  });
  const kept = new Set(after.lines.map((line) => line.key));
  return { recordingId: after.recordingId, sendingWaits: after.sendingWaits, whole: false, lines, removed: before.filter((line) => !kept.has(line.key)).map((line) => line.key) };
}
