import { fileURLToPath } from 'node:url';
import { type CoreOptions, createCore } from '../core/core';
import { createNetFetch } from '../core/services/net/net-fetch';
import { createDownloadShelf } from './download-shelf';
import { signedMediaUrl } from './file-routes';
import { startWebServer } from './server';
import { terminalConsent } from './terminal-consent';
import { createUrlSigner } from './signed-urls';

/**
 * The browser harness: the main-process core behind the WebSocket bridge, serving the built
 * renderer. `npm run web` starts it; so does `npm run demo`, with a keychain of its own.
 */
export async function startHarness(options: {
  userDataDir: string;
  initialBaseUrl?: string;
  port: number;
  keytar?: CoreOptions['keytar'];
  liveCuts?: CoreOptions['liveCuts'];
  keyDeletionRetryMs?: CoreOptions['keyDeletionRetryMs'];
}): Promise<{ url: string; core: Awaited<ReturnType<typeof createCore>>; close(): Promise<void> }> {
  // Recordings and exports reach the page by signed same-origin URLs (file-routes.ts).
  const signer = createUrlSigner();
  const downloads = createDownloadShelf(signer);
  let browserLanguages: string[] = [];
  const core = await createCore({
    userDataDir: options.userDataDir,
    initialBaseUrl: options.initialBaseUrl,
    keytar: options.keytar,
    liveCuts: options.liveCuts,
    keyDeletionRetryMs: options.keyDeletionRetryMs,
    systemLanguages: () => browserLanguages,
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
  });
  const server = await startWebServer({
    router: core.router,
    rendererDir: fileURLToPath(new URL('../../dist/renderer', import.meta.url)),
    port: options.port,
    files: { ...core.files, signer, downloads },
    recording: { append: (input) => core.recording.append(input) },
    onPageLanguages: (languages) => (browserLanguages = languages),
  });
  return {
    url: server.url,
    core,
    async close() {
      await server.close();
      await core.close();
    },
  };
}
