import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

// Three suites: unit (services and glue, no network), integration (real HTTP to the fake
// service, real keychain), e2e (the browser harness in Debian's Chromium). The e2e files run
// one at a time: each starts the app and connects to the run's Chromium, and the machines have two cores.
// Temp folders: one per run and one per file inside it, checked for leftovers (tests/setup/).
// Unit and integration tests sit where the code they test sits: electron/core/services/<area>/
// in services/<area>/, the rest of electron/core/ in core/, electron/shell/ in shell/, electron/web/
// in web/, renderer/<feature>/ and shared/ under their own names, build/, tests/fake-service/ in
// fake-service/, tests/setup/ in setup/; tests of repository-wide configuration at the suite's root.
// E2e files stay flat, one per journey. Helpers shared by tests live in tests/support/, never among them.
export default defineConfig({
  root,
  test: {
    globalSetup: ['tests/setup/temp-run.ts'],
    setupFiles: ['tests/setup/temp-file.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] } },
      { extends: true, test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], testTimeout: 30_000 } },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // As long as a page's own waits (setDefaultTimeout): a state a user sees may come late on two loaded cores.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
          // The run's temp folder first (vitest runs a project's global setups before the root's), then the Chromium its files share.
          globalSetup: ['tests/setup/temp-run.ts', 'tests/setup/shared-chromium.ts'],
        },
      },
    ],
  },
});
