import { existsSync, readdirSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Recording, trackSchema } from '../../../../shared/contract/recording';
import { log } from '../../log';
import { WAV_HEADER_BYTES } from './wav-header';
import { captionsPath, readManifest, trackPath, writeManifest } from './manifest';
import { repairTracks } from './repair';
import { openWhoSpoke } from './who-spoke';
import type { TrackFs } from './track-fs';

/**
 * A folder whose manifest is missing or unreadable (a disk fault, a manifest from a newer
 * Confab, a rename lost with the power) but whose tracks hold audio: the audio is the thing
 * kept, so the recording is rebuilt from its track files and recovered like a crashed one.
 * Null when no track holds a sample: it never got past its start.
 */
function rebuilt(folder: string, id: string): Recording | null {
  const tracks = trackSchema.options.filter((track) => existsSync(trackPath(folder, track)));
  if (!tracks.includes('mic') || !tracks.some((track) => statSync(trackPath(folder, track)).size > WAV_HEADER_BYTES)) return null;
  log.warn(`Recording ${id} had no readable manifest; rebuilt from its tracks.`);
  const startedAt = statSync(trackPath(folder, 'mic')).birthtimeMs || statSync(trackPath(folder, 'mic')).mtimeMs;
  return { id, startedAt, state: 'recording', tracks, seconds: 0, markers: [], notices: [], problem: null, jobId: null, whoSpoke: null };
}

/**
 * Every recording in the folder, as the last run left it. One still recording or paused was cut
 * off by a crash: its tracks are repaired and it waits as `recovered` for the user's decision.
 * A recovered microphone-only recording gets the who-spoke question Stop would have opened.
 * One that ended on a failed write is repaired too (a header may be short of what was written).
 * Only a folder with no audio at all is removed.
 */
export async function loadRecordings(dir: string, fs: TrackFs): Promise<Recording[]> {
  const found: Recording[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder = join(dir, entry.name);
    const recording = readManifest(folder) ?? rebuilt(folder, entry.name);
    if (!recording) {
      await rm(folder, { recursive: true, force: true });
      continue;
    }
    // Captions served only while it ran; one that ended in a crash left its clips and captions behind.
    await rm(captionsPath(folder), { recursive: true, force: true });
    const paths = recording.tracks.map((track) => trackPath(folder, track)).filter((path) => existsSync(path));
    if (recording.state === 'ended' && paths.length === recording.tracks.length) {
      recording.seconds = await repairTracks(fs, paths);
      await writeManifest(folder, recording);
    }
    if (recording.state === 'recording' || recording.state === 'paused') {
      const seconds = paths.length === recording.tracks.length ? await repairTracks(fs, paths) : 0;
      Object.assign(recording, { state: 'recovered', seconds, notices: [], problem: { code: 'recording.recovered', values: { seconds: Math.round(seconds) } } });
      // Markers past the audio that survived point at nothing.
      recording.markers = recording.markers.filter((marker) => marker.at <= seconds);
      // Cut off before Stop could ask who spoke: it is asked now.
      await writeManifest(folder, openWhoSpoke(recording));
    }
    found.push(recording);
  }
  return found.sort((a, b) => a.startedAt - b.startedAt);
}
