import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { open, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Recording, recordingSchema } from '../../../../shared/contract/recording';
import { type NoteLine, noteLinesSchema } from '../../../../shared/domain/transcript';

const MANIFEST = 'manifest.json';
/** The notes pad's lines: a file of their own, so typing never rewrites the manifest the page watches. */
const NOTES = 'notes.json';
/** Which transcript the recording became: its folder is removed with that transcript. */
const TRANSCRIPT = 'transcript-id';

/**
 * A recording's folder: one WAV per track and its manifest (the recording as the page sees it).
 * The manifest is replaced whole (a flushed temporary file renamed over it), so a crash leaves
 * the old one or the new one, never half of either.
 */
export const writeManifest = (folder: string, recording: Recording) => replaceWhole(folder, MANIFEST, JSON.stringify(recording));

/** The notes pad's lines, replaced whole as the manifest is: a kill -9 keeps the last lines main took. */
export const writeNotes = (folder: string, lines: readonly NoteLine[]) => replaceWhole(folder, NOTES, JSON.stringify(lines));

/** The folder's notes; none when it has no notes file or it does not read as one. */
export function readNotes(folder: string): NoteLine[] {
  try {
    const parsed = noteLinesSchema.safeParse(JSON.parse(readFileSync(join(folder, NOTES), 'utf8')));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

async function replaceWhole(folder: string, name: string, text: string): Promise<void> {
  const temp = join(folder, `${name}.${randomUUID()}.tmp`);
  const file = await open(temp, 'w');
  try {
    await file.writeFile(text);
    await file.datasync();
  } catch (error) {
    await file.close();
    await rm(temp, { force: true });
    throw error;
  }
  await file.close();
  await rename(temp, join(folder, name));
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
