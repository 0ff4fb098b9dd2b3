import { readFile, rename, writeFile } from 'node:fs/promises';
import type { z } from 'zod';
import { log } from '../../log';

/**
 * A JSON file of the user-data folder, or null when there is none. A file that cannot be
 * read or does not match the schema is ignored with a warning: the app starts on defaults
 * rather than not at all.
 */
export async function readJsonFile<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S> | null> {
  try {
    const stored = schema.safeParse(JSON.parse(await readFile(path, 'utf8')));
    if (stored.success) return stored.data;
    log.warn(`Ignoring unreadable ${path}: ${stored.error.message}`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log.warn(`Ignoring unreadable ${path}:`, error);
  }
  return null;
}

/**
 * Writes whole files safely: each write goes to a temporary file that is renamed over the
 * old one, so a crash mid-write never leaves half a file, and writes happen in call order.
 */
export function createAtomicWriter(path: string) {
  let writing = Promise.resolve();
  return (text: string): Promise<void> => {
    // A failed write must not block the next one, hence the catch before chaining.
    writing = writing.catch(() => undefined).then(async () => {
      const temporary = `${path}.${process.pid}.tmp`;
      await writeFile(temporary, text, 'utf8');
      await rename(temporary, path);
    });
    return writing;
  };
}
