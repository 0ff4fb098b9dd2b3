import { RECORDING_SAMPLE_RATE, type Track } from '../../../../shared/contract/recording';
import type { ProblemData } from '../../../../shared/domain/problem';

/** A microphone silent this long, or audio missing this long, is news for the user. */
export const NOTICE_SECONDS = 5;

/** One code per track and cause, so the page says "the microphone" or "system audio" in the user's language. */
const LOST: Record<Track, Record<'ended' | 'muted', string>> = {
  mic: { ended: 'recording.mic_ended', muted: 'recording.mic_muted' },
  system: { ended: 'recording.system_ended', muted: 'recording.system_muted' },
};

/**
 * What the page shows as banners while recording, so nothing degrades silently: a track the
 * page saw end or go mute, a microphone giving only digital silence (all zero: unplugged or
 * muted at the OS, never a quiet room), and chunks that stopped arriving. Each clears when its
 * cause ends: the track carries sound again, a chunk arrives.
 */
export function createNotices(tracks: readonly Track[]) {
  const lost = new Map<Track, 'ended' | 'muted'>();
  let silentFrames = 0;
  let stalledSeconds: number | null = null;

  return {
    /** A chunk was written: which of its tracks carried sound, and how many frames it held. */
    heard(audible: readonly boolean[], frames: number) {
      stalledSeconds = null;
      tracks.forEach((track, index) => {
        if (audible[index]) lost.delete(track);
      });
      const micIndex = tracks.indexOf('mic');
      silentFrames = micIndex >= 0 && !audible[micIndex] ? silentFrames + frames : 0;
    },
    lost(track: Track, reason: 'ended' | 'muted') {
      lost.set(track, reason);
    },
    /** Wall time since the last chunk (null: paused, or the clock was reset). */
    waited(ms: number | null) {
      stalledSeconds = ms !== null && ms >= NOTICE_SECONDS * 1000 ? Math.floor(ms / 1000) : null;
    },
    list(): ProblemData[] {
      const notices: ProblemData[] = [...lost].map(([track, reason]) => ({ code: LOST[track][reason], values: {} }));
      if (silentFrames >= NOTICE_SECONDS * RECORDING_SAMPLE_RATE && !lost.has('mic')) notices.push({ code: 'recording.mic_silent', values: { seconds: NOTICE_SECONDS } });
      if (stalledSeconds !== null) notices.push({ code: 'recording.stalled', values: { seconds: stalledSeconds } });
      return notices;
    },
  };
}
