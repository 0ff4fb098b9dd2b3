/**
 * The editor's one audio element, registered by the player and used by the rows and the
 * keyboard: seeking, play/pause and the playhead for "set from playhead".
 */
let element: HTMLAudioElement | null = null;

export const setPlayer = (audio: HTMLAudioElement | null) => {
  element = audio;
};

export function seekTo(ms: number) {
  if (element) element.currentTime = ms / 1000;
}

/** A row's time promises "Play row … from": the playhead moves there and plays. */
export function playFrom(ms: number) {
  if (!element) return;
  element.currentTime = ms / 1000;
  if (element.paused) void element.play().catch(() => undefined);
}

export function seekBy(seconds: number) {
  if (element) element.currentTime = Math.max(0, Math.min(element.duration || Infinity, element.currentTime + seconds));
}

export function togglePlay() {
  if (!element) return;
  if (element.paused) void element.play().catch(() => undefined);
  else element.pause();
}

/** The playhead in whole milliseconds, or null without a recording. */
export const playheadMs = () => (element ? Math.round(element.currentTime * 1000) : null);

/** The active row's text and caret as last seen, for Split from the toolbar. */
let caret = { text: '', offset: 0 };
export const rememberCaret = (text: string, offset: number) => {
  caret = { text, offset };
};
export const lastCaret = () => caret;

export function clock(ms: number): string {
  const total = Math.floor(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(total / 3600);
  return `${h ? `${h}:` : ''}${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}.${String(Math.floor(ms % 1000 / 100))}`;
}
