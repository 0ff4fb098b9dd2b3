import { shell } from 'electron';
import { log } from '../core/log';

/** Only web pages leave the app: javascript:, file: and custom schemes could run or open local things. */
function isWebUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const { protocol } = new URL(url);
  return protocol === 'http:' || protocol === 'https:';
}

/** Opens a link from model output in the user's browser; anything that is not http(s) is dropped. */
export function openExternalLink(url: string): void {
  if (!isWebUrl(url)) return;
  shell.openExternal(url).catch((error: unknown) => log.error('Could not open link in the browser:', error));
}
