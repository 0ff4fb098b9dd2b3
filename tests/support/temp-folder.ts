import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * Deletes a folder a test made, and everything in it. Retried (Node's own backoff) when a file
 * appears in it meanwhile: a service's atomic JSON write (a fit or a ratio learnt as the test's
 * last reply ended) landing during the removal failed it with ENOTEMPTY under load.
 */
export const removeFolder = (dir: string) => rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });

/** A new folder in the temp folder for the running test, deleted when it ends (passed or failed). */
export async function testFolder(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  onTestFinished(() => removeFolder(dir));
  return dir;
}
