/**
 * The renderer's Content-Security-Policy, sent as a response header by both the app://
 * protocol (Electron) and the browser harness. Scripts only from the app's own origin,
 * no inline script, no eval; the renderer talks to main only, never to the network,
 * except the harness's own WebSocket.
 */
export function contentSecurityPolicy(options: { connectSrc?: string[] } = {}): string {
  const connect = ["'self'", ...(options.connectSrc ?? [])].join(' ');
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
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
