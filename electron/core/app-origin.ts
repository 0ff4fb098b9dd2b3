// The app's own origin, app://confab, without Electron itself, so the core (which also runs
// in the browser harness under plain Node) can name URLs on it.

export const APP_SCHEME = 'app';
export const APP_HOST = 'confab';
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;
/** Saved recordings are served under this path, by transcript id, with range requests. */
export const MEDIA_PATH = '/media/';

/** Where the page plays a transcript's original audio from in Electron. */
export const appMediaUrl = (transcriptId: string) => `${APP_SCHEME}://${APP_HOST}${MEDIA_PATH}${encodeURIComponent(transcriptId)}`;

/**
 * Whether a URL belongs to the app's own origin. Node's URL treats `app:` as a
 * non-special scheme whose `origin` is always "null", so scheme and host are compared.
 */
export function isAppUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
}
