import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import setup from '../../setup/temp-run';

// The run's teardown, run inside this file's temp folder as if it were the OS's: what the suite
// makes outside its run folder fails the run; what a demo or a browser beside it makes does not.
describe('the run-wide leftover check', () => {
  const osTemp = tmpdir();
  const made: string[] = [];
  const make = (name: string) => {
    mkdirSync(join(osTemp, name));
    made.push(join(osTemp, name));
  };
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('ignores folders that a demo, a bench, a browser, Playwright or another run make in the OS temp folder meanwhile', () => {
    const teardown = setup();
    for (const name of ['confab-demo-x1', '.org.chromium.Chromium.x2', 'playwright-artifacts-x3', 'confab-test-run-x4', 'confab-fresh-x5', 'confab-bench-run-x9']) make(name);
    expect(() => teardown()).not.toThrow();
  });

  it("fails the run, by path, on a folder named like the suite's own that escaped its run folder", () => {
    const teardown = setup();
    make('confab-data-x6');
    make('fake-uploads-x7');
    expect(() => teardown()).toThrow(/confab-data-x6 \(in the OS temp folder[\s\S]*fake-uploads-x7/);
  });

  it("fails the run on what a test left in the run's own folder, Chromium's folders included", () => {
    const teardown = setup();
    mkdirSync(join(tmpdir(), '.org.chromium.Chromium.x8'));
    expect(() => teardown()).toThrow(/\.org\.chromium\.Chromium\.x8 \(in this run's temp folder\)/);
    expect(tmpdir()).toBe(osTemp);
  });

  it("makes one folder per run however many projects list it: a second setup finds it made, and only the first's teardown judges and removes it", () => {
    const teardown = setup();
    const runFolder = tmpdir();
    const second = setup();
    expect(tmpdir()).toBe(runFolder);
    second();
    expect(tmpdir()).toBe(runFolder);
    expect(existsSync(runFolder)).toBe(true);
    teardown();
    expect(existsSync(runFolder)).toBe(false);
    expect(tmpdir()).toBe(osTemp);
  });
});
