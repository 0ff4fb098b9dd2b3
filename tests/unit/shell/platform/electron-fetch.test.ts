import { beforeEach, describe, expect, it, vi } from 'vitest';

const netFetch = vi.fn();
const setProxy = vi.fn(async () => undefined);
vi.mock('electron', () => ({ net: { fetch: netFetch }, session: { defaultSession: { setProxy } } }));
const { electronFetch, proxyRuleOf } = await import('../../../../electron/shell/platform/electron-fetch');

beforeEach(() => {
  netFetch.mockReset();
  setProxy.mockClear();
});

describe('Electron fetch (net.fetch, Chromium network stack)', () => {
  it('sends through net.fetch with the system proxy settings when the profile names no proxy', async () => {
    const answer = new Response('ok');
    netFetch.mockResolvedValue(answer);
    const init = { method: 'POST', body: '{}', redirect: 'manual' as const };
    expect(await electronFetch({ proxy: () => null })(new URL('https://api.example.com/v1/chat/completions'), init)).toBe(answer);
    expect(netFetch).toHaveBeenCalledExactlyOnceWith('https://api.example.com/v1/chat/completions', init);
    expect(setProxy).not.toHaveBeenCalled();
  });

  it('applies a per-profile proxy to the session once, and returns to the system settings when it is cleared', async () => {
    netFetch.mockImplementation(async () => new Response('ok'));
    let proxy: string | null = 'http://ann:s3cret@proxy.corp.example:3128';
    const fetchFn = electronFetch({ proxy: () => proxy });
    await fetchFn('https://api.example.com/v1/a');
    await fetchFn('https://api.example.com/v1/b');
    expect(setProxy).toHaveBeenCalledExactlyOnceWith({ proxyRules: 'http://proxy.corp.example:3128' });
    // The session is switched before the request that needs it goes out.
    expect(setProxy.mock.invocationCallOrder[0]).toBeLessThan(netFetch.mock.invocationCallOrder[0]!);
    proxy = null;
    await fetchFn('https://api.example.com/v1/c');
    expect(setProxy).toHaveBeenLastCalledWith({ mode: 'system' });
  });

  it('marks a failure through the profile proxy with the proxy host (no credentials)', async () => {
    netFetch.mockRejectedValue(new Error('net::ERR_PROXY_CONNECTION_FAILED'));
    const failing = electronFetch({ proxy: () => 'http://ann:s3cret@proxy.corp.example:3128' })('https://api.example.com/v1');
    await expect(failing).rejects.toMatchObject({ viaProxy: 'proxy.corp.example:3128' });
  });

  it('refuses a proxy setting that is not an http(s) URL, saying what one looks like', () => {
    expect(() => proxyRuleOf('proxy:3128')).toThrow('The proxy address "proxy:3128" is not an http:// or https:// URL, e.g. http://proxy.example.com:8080.');
  });
});
