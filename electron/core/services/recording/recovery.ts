import { existsSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Recording } from '../../../../shared/contract/recording';
import { readManifest, trackPath, writeManifest } from './manifest';
import { repairTracks } from './repair';
import type { TrackFs } from './track-fs';

/**
 * Every recording in the folder, as the last run left it. One still recording or paused was cut
 * off by a crash: its tracks are repaired and it waits as `recovered` for the user's decision.
 * A folder without a manifest never got past its start (nothing was recorded) and is removed.
 */
export async function loadRecordings(dir: string, fs: TrackFs): Promise<Recording[]> {
  const found: Recording[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder = join(dir, entry.name);
    const recording = readManifest(folder);
    if (!recording) {
      await rm(folder, { recursive: true, force: true });
      continue;
    }
    if (recording.state === 'recording' || recording.state === 'paused') {
      const paths = recording.tracks.map((track) => trackPath(folder, track)).filter((path) => existsSync(path));
      const seconds = paths.length === recording.tracks.length ? await repairTracks(fs, paths) : 0;
      Object.assign(recording, { state: 'recovered', seconds, notices: [], problem: { code: 'recording.recovered', values: { seconds: Math.round(seconds) } } });
      // Markers past the audio that survived point at nothing.
      recording.markers = recording.markers.filter((marker) => marker.at <= seconds);
      await writeManifest(folder, recording);
    }
    found.push(recording);
  }
  return found.sort((a, b) => a.startedAt - b.startedAt);
}
