import { fileURLToPath } from 'node:url';
import { createCore } from '../core';
import { createNetFetch } from '../services/net/net-fetch';
import { defaultAppDataDir } from './app-data-dir';
import { createDownloadShelf } from './download-shelf';
import { signedMediaUrl } from './file-routes';
import { startWebServer } from './server';
import { log } from '../log';
import { terminalConsent } from './terminal-consent';
import { createUrlSigner } from './signed-urls';

// `npm run web`: the main-process core behind the WebSocket bridge, for any browser.
const port = Number(process.env.PORT ?? 0);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  log.error(`PORT must be a whole number from 0 to 65535 (0 picks a free port); got "${process.env.PORT}".`);
  process.exit(2);
}

// Recordings and exports reach the page by signed same-origin URLs (file-routes.ts).
const signer = createUrlSigner();
const downloads = createDownloadShelf(signer);
const core = await createCore({
  userDataDir: process.env.APP_DATA_DIR || defaultAppDataDir(),
  initialBaseUrl: process.env.APP_BASE_URL || undefined,
  // The page cannot be asked for consent (it could answer itself), so this terminal is.
  // Tool approvals have no real-input signal here: see approvals.ts.
  consent: terminalConsent({
    input: process.stdin,
    output: process.stdout,
    canAsk: process.stdin.isTTY === true || process.env.CONFAB_CONSENT_STDIN === '1',
  }),
  fileSaver: downloads.saver,
  mediaUrl: (id) => signedMediaUrl(signer, id),
  // undici's proxy agents: HTTPS_PROXY / HTTP_PROXY / NO_PROXY, or the profile's proxy.
  makeFetch: (proxy) => createNetFetch({ proxy }),
}).catch((error: Error) => {
  log.error(`Confab could not start: ${error.message}`);
  process.exit(1);
});
const server = await startWebServer({
  router: core.router,
  rendererDir: fileURLToPath(new URL('../../dist/renderer', import.meta.url)),
  port,
  files: { ...core.files, signer, downloads },
});
log.info(`Confab is running at ${server.url}`);

const stop = async () => {
  await server.close();
  await core.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
