import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cutToFit, openFits } from '../../../../electron/core/services/model-requests/fits';
import { removeFolder } from '../../../support/temp-folder';

let dir: string | null = null;
afterEach(async () => {
  if (dir) await removeFolder(dir);
  dir = null;
});

describe('the fit learnt per service and model', () => {
  it('is a cache: a disk that refuses to keep it fails no request, and the fit still holds for this run', async () => {
    dir = await mkdtemp(join(tmpdir(), 'confab-fits-'));
    // A file where the data folder should be: every write fails (ENOTDIR), as on a full or read-only disk.
    await writeFile(join(dir, 'not-a-folder'), '');
    const fits = openFits(join(dir, 'not-a-folder', 'model-fits.json'));
    await expect(fits.record('http://a default', 2000, false)).resolves.toBeUndefined();
    expect(fits.budget('http://a default')).toBe(1000);
  });


  it('starts unlimited, then half what failed, then what passed, and survives a restart', async () => {
    dir = await mkdtemp(join(tmpdir(), 'confab-fits-'));
    const path = join(dir, 'model-fits.json');
    const fits = openFits(path);
    expect(fits.budget('http://a default')).toBe(Infinity);
    await fits.record('http://a default', 2000, false);
    expect(fits.budget('http://a default')).toBe(1000);
    await fits.record('http://a default', 600, true);
    expect(fits.budget('http://a default')).toBe(600);
    expect(openFits(path).get('http://a default')).toEqual({ passed: 600, failed: 2000 });
    // Another model of the same service knows nothing yet.
    expect(openFits(path).budget('http://a pro')).toBe(Infinity);
    // The service took more than it refused before: the old bound goes.
    await fits.record('http://a default', 2500, true);
    expect(fits.get('http://a default')).toEqual({ passed: 2500, failed: null });
    // Nothing refused any more: a pass is no limit, so a long job is not cut to what a short one sent.
    expect(fits.budget('http://a default')).toBe(Infinity);
  });

  it('sets no limit from passes alone: a small job passing does not cut every later one to its size', async () => {
    dir = await mkdtemp(join(tmpdir(), 'confab-fits-'));
    const path = join(dir, 'model-fits.json');
    const fits = openFits(path);
    await fits.record('http://a default', 3000, true);
    expect(fits.budget('http://a default')).toBe(Infinity);
    expect(openFits(path).budget('http://a default')).toBe(Infinity);
    expect(cutToFit(Array.from({ length: 150 }, () => 1000), (n) => n, fits.budget('http://a default'))).toHaveLength(1);
  });

  it('cuts items in order into runs within a budget, an item too large alone a run of its own', () => {
    expect(cutToFit([3, 3, 3, 9, 1], (n) => n, 6)).toEqual([[3, 3], [3], [9], [1]]);
    expect(cutToFit([], (n: number) => n, 6)).toEqual([]);
  });
});
