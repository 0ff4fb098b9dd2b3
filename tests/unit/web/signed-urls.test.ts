import type { ServerResponse } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { createDownloadShelf } from '../../../electron/web/download-shelf';
import { createUrlSigner } from '../../../electron/web/signed-urls';

const at = (url: string) => new URL(url, 'http://127.0.0.1:1');

describe('signed URLs (the harness hands these to <audio> and download links)', () => {
  it('accepts its own URL until it expires, for that path only', () => {
    let now = 1_000;
    const signer = createUrlSigner(Buffer.alloc(32, 1), () => now);
    const url = signer.sign('/media/abc', 500);
    expect(signer.verify(at(url))).toBe(true);
    expect(signer.verify(at(url.replace('/media/abc', '/media/abd')))).toBe(false);
    expect(signer.verify(at(url.replace(/expires=\d+/, 'expires=999999')))).toBe(false);
    expect(signer.verify(at('/media/abc'))).toBe(false);
    now = 1_501;
    expect(signer.verify(at(url))).toBe(false);
  });

  it('is worthless under another launch secret', () => {
    const url = createUrlSigner(Buffer.alloc(32, 1)).sign('/media/abc', 60_000);
    expect(createUrlSigner(Buffer.alloc(32, 2)).verify(at(url))).toBe(false);
  });
});

function fakeResponse() {
  const response = { status: 0, headers: {} as Record<string, string>, body: undefined as unknown };
  const api = {
    writeHead: vi.fn((status: number, headers: Record<string, string>) => Object.assign(response, { status, headers }) && api),
    end: vi.fn((body?: unknown) => void (response.body = body)),
  };
  return { response, api: api as unknown as ServerResponse };
}

describe('download shelf', () => {
  it('answers a signed URL for an export and serves its bytes once, as an attachment', async () => {
    let now = 0;
    const signer = createUrlSigner(undefined, () => now);
    const shelf = createDownloadShelf(signer, () => now);
    const bytes = new TextEncoder().encode('{"a":1}');
    const outcome = await shelf.saver.save({ fileName: 'Ünïcode talk.json', mimeType: 'application/json', bytes });
    expect(outcome).toMatchObject({ kind: 'download', fileName: 'Ünïcode talk.json', url: expect.stringMatching(/^\/downloads\/[\w-]+\?expires=\d+&sig=/) });
    const url = at((outcome as { url: string }).url);
    expect(signer.verify(url)).toBe(true);
    const id = url.pathname.slice('/downloads/'.length);

    const first = fakeResponse();
    shelf.serve(id, first.api, {});
    expect(first.response).toMatchObject({ status: 200, body: bytes });
    expect(first.response.headers['Content-Disposition']).toBe("attachment; filename*=UTF-8''%C3%9Cn%C3%AFcode%20talk.json");
    const again = fakeResponse();
    shelf.serve(id, again.api, {});
    expect(again.response.status).toBe(404);

    const late = await shelf.saver.save({ fileName: 'b.json', mimeType: 'application/json', bytes });
    now += 10 * 60_000;
    const expired = fakeResponse();
    shelf.serve(at((late as { url: string }).url).pathname.slice('/downloads/'.length), expired.api, {});
    expect(expired.response.status).toBe(404);
  });
});
