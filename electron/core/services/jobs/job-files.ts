import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Each job's own folder in the data folder: the recording (moved out of staging, which is
 * emptied at every start) and its parts' encoded files while they wait to be transcribed.
 */
export function createJobFiles(dir: string) {
  mkdirSync(dir, { recursive: true });
  const folder = (jobId: string) => join(dir, jobId);
  return {
    /** Moves a staged file into the job's folder; the job owns it from now on. */
    adopt(jobId: string, stagedPath: string, format: string): string {
      mkdirSync(folder(jobId), { recursive: true });
      const target = join(folder(jobId), `source.${format}`);
      renameSync(stagedPath, target);
      return target;
    },
    partPath: (jobId: string, index: number) => join(folder(jobId), `part-${index + 1}.webm`),
    remove: (jobId: string) => rmSync(folder(jobId), { recursive: true, force: true }),
    /** Folders no job owns (a crash between writing the row and the files) go at start. */
    prune(jobIds: ReadonlySet<string>) {
      for (const name of readdirSync(dir)) if (!jobIds.has(name)) rmSync(join(dir, name), { recursive: true, force: true });
    },
  };
}

export type JobFiles = ReturnType<typeof createJobFiles>;
