import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot } from '../support/browser';
import { send, settled, textOf } from '../support/chat';

// `npm run demo`'s entry (after the build `npm test` has done): the app against the bundled fake
// service with a demo key already stored, reached in Chromium up to a streamed reply.
let child: ChildProcess | null = null;
let browser: Browser | null = null;
afterAll(async () => {
  await browser?.close();
  // After a failure too, the demo's own stop removes its temp folder.
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    await exited(child);
  }
});

function exited(process: ChildProcess): Promise<number | null> {
  return process.exitCode !== null ? Promise.resolve(process.exitCode) : new Promise((resolve) => process.once('exit', resolve));
}

describe('npm run demo', () => {
  it('starts with a demo key and sample audio, streams a reply, and removes its folder when stopped', async () => {
    const demo = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', '--import', 'tsx', 'tests/demo/start.ts'], {
      env: { ...process.env, PORT: '0', CONFAB_DEMO_BROWSER: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = demo;
    let output = '';
    demo.stdout!.on('data', (chunk) => (output += chunk));
    demo.stderr!.on('data', (chunk) => (output += chunk));
    await expect.poll(() => /Everything is removed/.test(output) || demo.exitCode !== null, { timeout: 30_000 }).toBe(true);
    const url = /Confab demo: open (\S+)/.exec(output)?.[1];
    const sample = /Sample recording to drop on Transcription: (.+\.wav)/.exec(output)?.[1];
    expect(url, output).toBeDefined();
    expect(existsSync(sample!)).toBe(true);

    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1100, height: 760 } });
    await page.goto(url!);
    await send(page, 'Hello from the demo');
    const reply = await settled(page);
    expect((await textOf(reply)).length).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('announcer').innerText()).toBe('Reply finished.');
    await screenshot(page, 'demo-first-reply');
    // Where the key is, as Settings says it, is where the demo keeps it.
    expect(output).toMatch(/a Pro demo key is kept in memory for this run/);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByText(/^A key ending in …\w{4} is kept for this run only \(in memory, never on disk\)\.$/).waitFor();

    demo.kill('SIGTERM');
    expect(await exited(demo)).toBe(0);
    expect(existsSync(dirname(sample!))).toBe(false);
  });
});
