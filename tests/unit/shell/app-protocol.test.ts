import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentSecurityPolicy } from '../../../electron/core/security/csp';

type Handler = (request: Request) => Promise<Response>;

const electron = vi.hoisted(() => ({ handlers: new Map<string, Handler>(), privileged: [] as unknown[] }));

vi.mock('electron', () => ({
  protocol: {
    registerSchemesAsPrivileged: (schemes: unknown[]) => electron.privileged.push(...schemes),
    handle: (scheme: string, handler: Handler) => electron.handlers.set(scheme, handler),
  },
}));

const { APP_ENTRY_URL, isAppUrl, registerAppScheme, serveAppProtocol } = await import('../../../electron/shell/app-protocol');

// A renderer folder with secrets beside it, including a sibling whose name starts the same.
const base = mkdtempSync(path.join(tmpdir(), 'confab-protocol-'));
const rendererDir = path.join(base, 'renderer');
// A saved recording: 100 KB whose every byte tells its offset (mod 251), so a slice proves where it came from.
const recording = path.join(base, 'audio', 'rec-1.mp3');
const recordingBytes = Uint8Array.from({ length: 100_000 }, (_, i) => i % 251);

beforeAll(() => {
  mkdirSync(path.join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Confab</title>');
  writeFileSync(path.join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(path.join(rendererDir, 'assets', 'app.css'), 'body{}');
  writeFileSync(path.join(base, 'secret.txt'), 'secret');
  mkdirSync(path.join(base, 'renderer-private'));
  writeFileSync(path.join(base, 'renderer-private', 'secret.txt'), 'secret');
  mkdirSync(path.dirname(recording));
  writeFileSync(recording, recordingBytes);
  serveAppProtocol(rendererDir, (id) => (id === 'rec-1' ? recording : null));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

const fetchApp = (url: string, method = 'GET', headers: Record<string, string> = {}) =>
  electron.handlers.get('app')!(new Request(url, { method, headers }));

describe('app:// protocol', () => {
  it('registers app as a standard, secure scheme with fetch support and media streaming', () => {
    registerAppScheme();
    expect(electron.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
    ]);
  });

  it('serves the entry page with its type and the CSP header', async () => {
    const response = await fetchApp(APP_ENTRY_URL);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    await expect(response.text()).resolves.toContain('<title>Confab</title>');
  });

  it('serves assets with their content type', async () => {
    const script = await fetchApp('app://confab/assets/app.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
    const style = await fetchApp('app://confab/assets/app.css?v=1#x');
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it.each([
    'app://confab/../../etc/passwd',
    'app://confab/../secret.txt',
    'app://confab/%2e%2e/secret.txt',
    'app://confab/%2E%2E/%2E%2E/etc/passwd',
    'app://confab/..%2fsecret.txt',
    'app://confab/assets/..%2f..%2fsecret.txt',
    'app://confab/..%5csecret.txt',
    'app://confab/%252e%252e/secret.txt',
    'app://confab/../renderer-private/secret.txt',
    'app://confab/..%2frenderer-private%2fsecret.txt',
    `app://confab/${encodeURIComponent(path.join(base, 'secret.txt'))}`,
    'app://confab/index.html%00.js',
    'app://confab/%E0%A4%A',
  ])('refuses %s', async (url) => {
    const response = await fetchApp(url);
    expect(response.status).toBe(404);
    await expect(response.text()).resolves.not.toContain('secret');
  });

  it('answers 404 for other hosts, directories and missing files', async () => {
    for (const url of ['app://elsewhere/index.html', 'app://confab/assets', 'app://confab/missing.js']) {
      expect((await fetchApp(url)).status).toBe(404);
    }
  });

  it('serves the entry page for the bare origin', async () => {
    expect((await fetchApp('app://confab/')).status).toBe(200);
  });

  it('only reads: other methods get 405', async () => {
    expect((await fetchApp(APP_ENTRY_URL, 'POST')).status).toBe(405);
  });

  it('recognises only its own origin', () => {
    expect(isAppUrl('app://confab/index.html#/settings')).toBe(true);
    expect(isAppUrl('app://confab.evil/index.html')).toBe(false);
    expect(isAppUrl('app://evil/confab')).toBe(false);
    expect(isAppUrl('https://confab/index.html')).toBe(false);
    expect(isAppUrl('not a url')).toBe(false);
  });

  describe('media/<id>: saved recordings with range requests', () => {
    it('serves the whole recording with its type, and says it takes ranges', async () => {
      const response = await fetchApp('app://confab/media/rec-1');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('audio/mpeg');
      expect(response.headers.get('accept-ranges')).toBe('bytes');
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(recordingBytes);
    });

    it.each([
      ['bytes=0-1023', 0, 1023],
      ['bytes=65536-', 65536, 99_999],
      ['bytes=-500', 99_500, 99_999],
      ['bytes=99000-200000', 99_000, 99_999],
    ])('a seek (%s) gets 206 with exactly those bytes', async (range, start, end) => {
      const response = await fetchApp('app://confab/media/rec-1', 'GET', { Range: range });
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/100000`);
      expect(response.headers.get('content-length')).toBe(String(end - start + 1));
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(recordingBytes.subarray(start, end + 1));
    });

    it('answers 416 for a range past the end', async () => {
      const response = await fetchApp('app://confab/media/rec-1', 'GET', { Range: 'bytes=200000-' });
      expect(response.status).toBe(416);
      expect(response.headers.get('content-range')).toBe('bytes */100000');
    });

    it('serves only recordings main knows by id: never a path, never another file', async () => {
      for (const url of [
        'app://confab/media/rec-2',
        'app://confab/media/',
        `app://confab/media/${encodeURIComponent(recording)}`,
        'app://confab/media/..%2f..%2fsecret.txt',
        'app://confab/media/%E0%A4%A',
      ]) {
        expect((await fetchApp(url)).status).toBe(404);
      }
    });
  });
});
