// One temp folder per run (vitest globalSetup). TMPDIR points into it for the whole run, so
// whatever the suite or a process it starts (the app, Chromium, ffmpeg, the fake service)
// puts in "the temp folder" lands there, and is removed at the end even when a test failed.
// The teardown fails the run if a test file left something behind (temp-file.ts names the
// file) or if a folder only the suite names so appeared in the OS temp folder anyway; a demo, a
// bench or a browser running beside it makes its own folders there, and those are not the suite's to judge.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pointTempAt } from './temp-env';
import { FIXTURE_CACHE } from '../support/audio';

const RUN_PREFIX = 'confab-test-run-';
/**
 * What only the suite names its folders: the tests' own prefixes (`confab-…`, see testFolder) and the
 * fake service's (`fake-…`). Chromium's and Playwright's folders are judged in the run's folder
 * (temp-file.ts), where every process the suite starts puts them: in the OS temp folder the same
 * names come from any browser or Playwright on the machine, and cannot be told from the suite's.
 */
const SUITE_NAMES = /^(confab-|fake-)/;

/**
 * Folders of other programs named like the suite's, which come and go while this run goes on:
 * other runs (their run folders, and what with-keyring.sh and test:fresh make before a run starts
 * and delete after it ends), `npm run demo`'s folder and `npm run bench`'s run folder.
 */
const OTHERS = /^(confab-test-run-|confab-keyring-|confab-fresh-|confab-demo-|confab-bench-run-)/;

const suiteEntries = (dir: string) => readdirSync(dir).filter((name) => SUITE_NAMES.test(name) && !OTHERS.test(name));

/**
 * Marks the main process while a run's folder exists. The e2e project lists this setup before
 * its shared Chromium's, and vitest runs a project's setups before the root's: the first call
 * makes the folder, a second finds it made. On globalThis, not in the environment, which test
 * files inherit (temp-run.test.ts calls setup() inside a run).
 */
const RUN = Symbol.for('confab.test-run');
const marks = globalThis as { [RUN]?: true };

export default function setup() {
  if (marks[RUN]) return () => {};
  marks[RUN] = true;
  const osTemp = tmpdir();
  const before = new Set(suiteEntries(osTemp));
  const root = mkdtempSync(join(osTemp, RUN_PREFIX));
  const restore = pointTempAt(root);
  // Chromium's PulseAudio client keeps its runtime folder in XDG_RUNTIME_DIR, or else makes a
  // pulse-* folder in the temp folder of whichever test first plays audio (and links it from
  // ~/.config/pulse) — on a machine without a user session, such as CI. The run gives it one.
  const runtime = join(root, 'xdg-runtime');
  mkdirSync(runtime, { mode: 0o700 });
  const savedRuntime = process.env.XDG_RUNTIME_DIR;
  process.env.XDG_RUNTIME_DIR = runtime;
  // Recordings the test files make, each made once per run and copied by the files that ask (tests/support/audio.ts).
  const fixtures = join(root, 'fixtures');
  mkdirSync(fixtures);
  const savedFixtures = process.env[FIXTURE_CACHE];
  process.env[FIXTURE_CACHE] = fixtures;

  return function teardown() {
    delete marks[RUN];
    restore();
    if (savedRuntime === undefined) delete process.env.XDG_RUNTIME_DIR;
    else process.env.XDG_RUNTIME_DIR = savedRuntime;
    rmSync(runtime, { recursive: true, force: true });
    if (savedFixtures === undefined) delete process.env[FIXTURE_CACHE];
    else process.env[FIXTURE_CACHE] = savedFixtures;
    rmSync(fixtures, { recursive: true, force: true });
    const left = readdirSync(root);
    rmSync(root, { recursive: true, force: true });
    const escaped = suiteEntries(osTemp).filter((name) => !before.has(name));
    const problems = [
      ...left.map((name) => `${name} (in this run's temp folder)`),
      ...escaped.map((name) => `${join(osTemp, name)} (in the OS temp folder, outside this run's)`),
    ];
    if (problems.length > 0) {
      throw new Error(`The suite left folders behind; every test must remove what it makes:\n  ${problems.join('\n  ')}`);
    }
  };
}
