import { BridgeError } from '../../shared/contract/client';
import type { ServiceFailure } from '../../shared/domain/service-failure';

import { MAX_UPLOAD_BYTES } from '../../shared/contract/transcription';
import { MB, megabytes } from '../../shared/domain/sizes';
import { problemText } from '../common/problem-text';

/** The service's limit in words: 25. */
export const MAX_UPLOAD_MB = Math.round(MAX_UPLOAD_BYTES / MB);

/** Sizes the way main words its limit (sizes.ts), and smaller ones in KB or bytes. */
export function formatBytes(bytes: number): string {
  if (bytes >= MB / 10) return megabytes(bytes);
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** "1.2 MB of 3.4 MB": both numbers in the total's unit, so they compare at a glance. */
export function formatProgress(done: number, total: number): string {
  if (total >= MB / 10) return `${(done / MB).toFixed(1)} MB of ${(total / MB).toFixed(1)} MB`;
  return `${formatBytes(done)} of ${formatBytes(total)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 0:07, 3:25, 1:02:09 */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** 0:07.25: a word's time, to the hundredth. */
export function formatPrecise(seconds: number): string {
  const safe = Math.max(0, seconds);
  const hundredths = Math.round((safe % 1) * 100);
  return `${formatClock(safe)}.${String(Math.min(99, hundredths)).padStart(2, '0')}`;
}

/** "3 min 25 s", for a duration in a sentence. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds % 60);
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min ${rest} s`;
}

export const formatDate = (time: number) =>
  new Date(time).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A call main refused or never received (the bridge is down), shown like any other failure. */
export const bridgeFailure = (error: unknown): ServiceFailure => ({
  kind: 'http',
  reason: null,
  status: null,
  code: error instanceof BridgeError ? error.code : null,
  message: problemText(error),
  host: null,
  retryAfterSeconds: null,
});
