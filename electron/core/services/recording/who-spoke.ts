import type { Recording } from '../../../../shared/contract/recording';

/**
 * Main's rule for the who-spoke question: a microphone alone cannot tell voices apart, so a
 * recording of it that kept any audio is asked once it stops, ends on its own or is recovered.
 * The question is kept in the manifest (`unasked`) until answered, so a reload, a crash or a quit
 * loses nothing. An answer stands; a manifest written before the question existed is never
 * opened here once stopped, so old recordings are not asked.
 */
export function openWhoSpoke(recording: Recording): Recording {
  if (recording.whoSpoke === null && !recording.tracks.includes('system') && recording.seconds > 0) recording.whoSpoke = 'unasked';
  return recording;
}
