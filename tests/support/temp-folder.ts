import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/** A new folder in the temp folder for the running test, deleted when it ends (passed or failed). */
export async function testFolder(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Deletes a folder a test made, and everything in it. */
export const removeFolder = (dir: string) => rm(dir, { recursive: true, force: true });
