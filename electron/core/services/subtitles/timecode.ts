/**
 * Times inside this module are whole milliseconds: subtitle formats carry milliseconds, and
 * integer arithmetic means formatting can never round a cue's end before its start or past
 * the next cue's start.
 */
export function toMilliseconds(seconds: number): number {
  return Number.isFinite(seconds) ? Math.max(0, Math.round(seconds * 1000)) : 0;
}

/** `HH:MM:SS,mmm` (SubRip) or `HH:MM:SS.mmm` (WebVTT); hours grow past two digits if needed. */
export function timecode(milliseconds: number, decimalMark: ',' | '.'): string {
  const hours = Math.floor(milliseconds / 3_600_000);
  const minutes = Math.floor(milliseconds / 60_000) % 60;
  const seconds = Math.floor(milliseconds / 1000) % 60;
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}${decimalMark}${pad(milliseconds % 1000, 3)}`;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}
