import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { open, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Recording, recordingSchema } from '../../../../shared/contract/recording';

const MANIFEST = 'manifest.json';
/** Which transcript the recording became: its folder is removed with that transcript. */
const TRANSCRIPT = 'transcript-id';

/**
 * A recording's folder: one WAV per track and its manifest (the recording as the page sees it).
 * The manifest is replaced whole (a flushed temporary file renamed over it), so a crash leaves
 * the old one or the new one, never half of either.
 */
export async function writeManifest(folder: string, recording: Recording): Promise<void> {
  const temp = join(folder, `${MANIFEST}.${randomUUID()}.tmp`);
  const file = await open(temp, 'w');
  try {
    await file.writeFile(JSON.stringify(recording));
    await file.datasync();
  } catch (error) {
    await file.close();
    await rm(temp, { force: true });
    throw error;
  }
  await file.close();
  await rename(temp, join(folder, MANIFEST));
}

/** The folder's manifest, or null when it has none or it does not read as one. */
export function readManifest(folder: string): Recording | null {
  try {
    const parsed = recordingSchema.safeParse(JSON.parse(readFileSync(join(folder, MANIFEST), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const trackPath = (folder: string, track: string) => join(folder, `${track}.wav`);
/** The running recording's live captions: clips queued and captions kept (live-captions/), removed when it ends. */
export const captionsPath = (folder: string) => join(folder, 'captions');

/** Written once the recording's transcript is kept; main's alone (the page never needs it). */
export const writeTranscriptId = (folder: string, transcriptId: string) => writeFile(join(folder, TRANSCRIPT), transcriptId);

export function readTranscriptId(folder: string): string | null {
  try {
    return readFileSync(join(folder, TRANSCRIPT), 'utf8') || null;
  } catch {
    return null;
  }
}
