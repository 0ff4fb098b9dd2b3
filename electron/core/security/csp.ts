/**
 * The renderer's Content-Security-Policy, sent as a response header by both the app://
 * protocol (Electron) and the browser harness. Scripts only from the app's own origin,
 * no inline script, no eval; the renderer talks to main only, never to the network,
 * except the harness's own WebSocket.
 */
/**
 * The one inline stylesheet allowed, by its hash: the one wavesurfer.js 7 writes into its
 * waveform's shadow root (renderer/transcript-editor/Waveform.tsx; its text depends only on the
 * waveform's height, 72 px there). Its layout rules are nowhere else to be had; any other
 * inline style stays refused. A new wavesurfer.js whose stylesheet differs is refused too, and
 * the editor's e2e journeys, which fail on any CSP violation, say so.
 */
export const WAVEFORM_STYLE_HASH = "'sha256-XGW/cX2BkTPWNNT3NdyASrPEWZfPnKdPJaJ2aN7R+v8='";

export function contentSecurityPolicy(options: { connectSrc?: string[] } = {}): string {
  const connect = ["'self'", ...(options.connectSrc ?? [])].join(' ');
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' ${WAVEFORM_STYLE_HASH}`,
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}
