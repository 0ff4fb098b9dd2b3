import type { Streams, WebContents, WebFrameMain } from 'electron';
import { isAppUrl } from '../core/app-origin';

/**
 * Who may capture audio, decided in main. The page records (Chromium's media lives there), but
 * only the app's own top frame, only while a recording the user started runs or a dictation take listens (system audio only for a
 * recording the user asked to have it), and
 * only audio: a camera is never granted. Everything else stays denied (window.ts).
 */

/** The window's page, whether system audio may be captured (a recording with a system track runs), and whether the microphone may open (a recording, or a dictation take). */
export interface MediaGate {
  webContents: Pick<WebContents, 'mainFrame'>;
  systemAudio(): boolean;
  microphone(): boolean;
}

/** The session is shared, so a request is the window's only if it comes from the window's own contents. */
type Requester = Pick<WebContents, 'mainFrame'> | null;

const ownFrame = (gate: MediaGate, frame: WebFrameMain | null) => frame !== null && frame === gate.webContents.mainFrame && isAppUrl(frame.url);

/**
 * getDisplayMedia's answer: the system's audio as loopback, with the requesting frame as the
 * video source (the page stops that video track at once). desktopCapturer is not asked for a
 * screen: on Wayland getSources can hang, and a screen is not what is recorded. 'loopback',
 * not 'loopbackWithMute': muting would silence the call for the person in it. Confab's own
 * playback cannot be left out, as Electron 45 offers no loopback that excludes the app.
 */
export function displayMediaAnswer(gate: MediaGate, request: { frame: WebFrameMain | null; audioRequested: boolean }): Streams | null {
  if (!request.audioRequested || !gate.systemAudio() || !ownFrame(gate, request.frame)) return null;
  return { video: request.frame!, audio: 'loopback' };
}

interface RequestDetails {
  requestingUrl?: string;
  isMainFrame?: boolean;
  mediaTypes?: Array<'video' | 'audio'>;
}

/**
 * A permission request: 'media' for a microphone alone (a camera, or a camera with it, is
 * refused); 'display-capture' for the system audio getDisplayMedia brings, which
 * displayMediaAnswer gates again. Clipboard writes (the Copy buttons) are always allowed.
 */
export function permissionGranted(gate: MediaGate, contents: Requester, permission: string, details: RequestDetails): boolean {
  if (permission === 'clipboard-sanitized-write') return true;
  if (permission !== 'media' && permission !== 'display-capture') return false;
  const own = contents === gate.webContents && details.isMainFrame === true && isAppUrl(details.requestingUrl ?? '');
  if (!own) return false;
  if (permission === 'display-capture') return gate.systemAudio();
  if (!gate.microphone()) return false;
  const types = details.mediaTypes ?? [];
  return types.length > 0 && types.every((type) => type === 'audio');
}

/** A permission check (Chromium asks before it requests, and to show device names): the same rule, for audio. */
export function permissionChecked(gate: MediaGate, contents: Requester, permission: string, details: { requestingUrl?: string; isMainFrame: boolean; mediaType?: string }): boolean {
  if (permission === 'clipboard-sanitized-write') return true;
  if (permission !== 'media' || details.mediaType !== 'audio') return false;
  return contents === gate.webContents && details.isMainFrame && isAppUrl(details.requestingUrl ?? '') && gate.microphone();
}
