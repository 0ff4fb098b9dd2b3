// One Chromium for the e2e files of a run (the e2e project's globalSetup, after the run's temp
// folder is made: its profile and temp files land there and are judged by the run's check). A
// launch costs about a second and a half more than a connection (docs/benchmarks.md);
// launchChromium() connects over the DevTools protocol, and each file still gets contexts of its
// own, disposed when it disconnects. Files that need other flags (the fake microphone's) launch
// their own.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE, SHARED_CHROMIUM } from '../support/browser';

export default async function setup() {
  // Both e2e projects (e2e and e2e-serial) list this setup: the first launches, the second finds it running.
  if (process.env[SHARED_CHROMIUM]) return async () => {};
  const profile = mkdtempSync(join(tmpdir(), 'shared-chromium-'));
  // A persistent context is what lets the profile folder be ours, where Chromium writes the port it chose.
  const launched = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_EXECUTABLE,
    // Port 0: a free one, on 127.0.0.1 only, for this run's files.
    args: [...CHROMIUM_ARGS, '--remote-debugging-port=0'],
  });
  const [port, path] = readFileSync(join(profile, 'DevToolsActivePort'), 'utf8').split('\n');
  // Files are forked after the global setups, so they inherit it.
  process.env[SHARED_CHROMIUM] = `ws://127.0.0.1:${port}${path}`;
  return async () => {
    delete process.env[SHARED_CHROMIUM];
    await launched.close();
    rmSync(profile, { recursive: true, force: true });
  };
}
