import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = fileURLToPath(new URL('..', import.meta.url));

// Three suites: unit (services and glue, no network), integration (real HTTP to the fake
// service, real keychain), e2e (the browser harness in Debian's Chromium). Two files at a time,
// whatever the machine: an e2e file keeps Chromium, the app and the fake service busy, about one
// core between them, and the machines have two. The e2e files are independent (each has its own
// temp folder, data folder, harness, fake service and keyring entries, on ports the OS picks), so
// they share those two workers with the unit and integration files; the few that are not run
// alone after them (e2e-serial, each file named with why). The longest start first (HeaviestFirst).
// Each e2e file starts its own app and connects to its worker's Chromium (tests/setup/shared-chromium.ts).
// Temp folders: one per run and one per file inside it, checked for leftovers (tests/setup/).
// Unit and integration tests sit where the code they test sits: electron/core/services/<area>/
// in services/<area>/, the rest of electron/core/ in core/, electron/shell/ in shell/, electron/web/
// in web/, renderer/<feature>/ and shared/ under their own names, build/, tests/fake-service/ in
// fake-service/, tests/setup/ in setup/; tests of repository-wide configuration at the suite's root.
// E2e files stay flat, one per journey. Helpers shared by tests live in tests/support/, never among them.
const e2e = {
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // As long as a page's own waits (setDefaultTimeout): a state a user sees may come late on two loaded cores.
  expect: { poll: { timeout: 10_000 } },
  // The run's temp folder first (vitest runs a project's global setups before the root's), then the Chromium its files share.
  globalSetup: ['tests/setup/temp-run.ts', 'tests/setup/shared-chromium.ts'],
};

/** E2e files that must not share the machine with another file, each with why. */
const SERIAL = [
  // Cancel must end an upload within 2 s of the click, measured on the test's clock: a check of
  // time, which a second file's Chromium taking the other core would make about the machine.
  'tests/e2e/transcription-queue-retry.test.ts',
  // Ctrl+O's file chooser did not come within 10 s in two suite runs with another file beside it
  // (never alone, nor in 9 runs of it beside recording.e2e); the causes found (the keys listening
  // from the first draw, a Chromium per worker) are fixed, one is still unknown: alone until found.
  'tests/e2e/transcription-errors-language.test.ts',
  // The same Ctrl+O chooser missed once here too, in a fresh clone's run beside another file (2026-11-29).
  'tests/e2e/desktop-shortcuts.test.ts',
];

// Vitest's own order puts each project's files together (e2e, integration, unit), longest first by
// its cache of durations — which a fresh clone has not got, so there it goes by file size, and a
// journey of minutes could start last and end the run alone on one core. These start first, in
// this order; the rest keep vitest's.
const HEAVIEST = [
  'tests/e2e/long-recording.test.ts',
  'tests/e2e/transcription-parts-at-once.test.ts',
  'tests/integration/services/audio-split/audio-split.test.ts',
  // Two 1,000-row translations through the page, one across a kill -9: ~125 s at load 18.
  'tests/e2e/translation-thousand.test.ts',
];
const rank = (spec: TestSpecification) => {
  const index = HEAVIEST.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
  return index === -1 ? HEAVIEST.length : index;
};
class HeaviestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // A stable sort: within a rank, vitest's order stays.
    const sorted = await super.sort(files);
    return sorted.sort((a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || rank(a) - rank(b));
  }
}

export default defineConfig({
  root,
  test: {
    globalSetup: ['tests/setup/temp-run.ts'],
    setupFiles: ['tests/setup/temp-file.ts'],
    maxWorkers: 2,
    sequence: { sequencer: HeaviestFirst },
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] } },
      { extends: true, test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], testTimeout: 30_000 } },
      { extends: true, test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], exclude: SERIAL, ...e2e } },
      // After every other file (groupOrder 1), one at a time.
      { extends: true, test: { name: 'e2e-serial', include: SERIAL, fileParallelism: false, sequence: { groupOrder: 1 }, ...e2e } },
    ],
  },
});
