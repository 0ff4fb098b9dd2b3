// Each test file gets its own temp folder inside the run's (vitest setupFiles): tmpdir() and
// every process the file starts point there. When the file is done, anything still in it is
// something a test made and did not remove: that fails the file, by name, and is removed.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { pointTempAt } from './temp-env';

/** Caches tools keep in the temp folder (tsx's transforms, Node's compile cache, jiti's for electron-builder's config loader), not a test's leftovers. */
const TOOL_CACHES = /^(tsx-\d+|node-compile-cache|jiti)$/;

const dir = mkdtempSync(join(tmpdir(), 'file-'));
const restore = pointTempAt(dir);

// Registered before the file's own hooks, so it runs after them (vitest runs after-hooks in reverse).
afterAll(() => {
  restore();
  const left = readdirSync(dir).filter((name) => !TOOL_CACHES.test(name));
  rmSync(dir, { recursive: true, force: true });
  if (left.length > 0) throw new Error(`This file's tests left ${left.join(', ')} in the temp folder: remove what a test makes (afterAll, afterEach, onTestFinished).`);
});
