const pad = (n: number) => String(n).padStart(2, '0');

/** 0:07, 3:25, 1:02:09: a timecode, the same in every language (shown dir="ltr"). */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
