import { defaultAppDataDir } from './app-data-dir';
import { startHarness } from './harness';
import { log } from '../core/log';

// `npm run web`: the main-process core behind the WebSocket bridge, for any browser.
const port = Number(process.env.PORT ?? 0);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  log.error(`PORT must be a whole number from 0 to 65535 (0 picks a free port); got "${process.env.PORT}".`);
  process.exit(2);
}

// The end-to-end tests' short parts of a recording transcribed while it runs (seconds; four minutes otherwise).
const livePartSeconds = Number(process.env.CONFAB_LIVE_PART_SECONDS);
// The keychain-deletion e2e test's retry interval (seconds; a minute otherwise), long so that only what it does deletes.
const keyRetrySeconds = Number(process.env.CONFAB_KEY_RETRY_SECONDS);
const harness = await startHarness({
  userDataDir: process.env.APP_DATA_DIR || defaultAppDataDir(),
  initialBaseUrl: process.env.APP_BASE_URL || undefined,
  port,
  ...(livePartSeconds > 0 && { liveCuts: { targetSeconds: livePartSeconds, searchRadiusSeconds: livePartSeconds / 4 } }),
  ...(keyRetrySeconds > 0 && { keyDeletionRetryMs: keyRetrySeconds * 1000 }),
}).catch((error: Error) => {
  log.error(`Confab could not start: ${error.message}`);
  process.exit(1);
});
log.info(`Confab is running at ${harness.url}`);

const stop = async () => {
  await harness.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
