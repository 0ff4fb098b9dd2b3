import { describe, expect, it, vi } from 'vitest';
import { guardedFetch } from '../../../../electron/core/services/net/guarded-fetch';
import { rememberSecret } from '../../../../electron/core/services/net/redact';

// The MCP SDK's fetch: the same redirect and https rules, reported by throwing.
const key = 'sk-guarded-fetch-test-0001';
rememberSecret(key);

describe('guardedFetch', () => {
  it('follows a same-origin redirect with the headers and returns the final answer', async () => {
    const fetchFn = vi.fn<typeof fetch>()
      .mockResolvedValueOnce(new Response(null, { status: 307, headers: { location: '/mcp/' } }))
      .mockResolvedValueOnce(new Response('{}'));
    const response = await guardedFetch(fetchFn, 5)(new URL('https://api.example.com/mcp'), { method: 'POST', body: '{}', headers: { Authorization: `Bearer ${key}` } });
    expect(await response.text()).toBe('{}');
    expect(fetchFn.mock.calls.map(([url]) => url)).toEqual(['https://api.example.com/mcp', 'https://api.example.com/mcp/']);
    expect(new Headers(fetchFn.mock.calls[1]![1]!.headers).get('authorization')).toBe(`Bearer ${key}`);
  });

  it('refuses a redirect to another origin without sending anything there', async () => {
    const fetchFn = vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 302, headers: { location: 'https://collector.example.net/mcp' } }));
    await expect(guardedFetch(fetchFn, 5)('https://api.example.com/mcp', { headers: { 'X-Token': 'abc' } })).rejects.toMatchObject({
      code: 'cross_origin_redirect',
      values: { from: 'api.example.com', to: 'collector.example.net' },
    });
    expect(fetchFn).toHaveBeenCalledOnce();
  });

  it('refuses the API key over plain http to another computer, but lets other servers on the LAN be reached', async () => {
    const fetchFn = vi.fn<typeof fetch>().mockResolvedValue(new Response('{}'));
    await expect(guardedFetch(fetchFn, 5)('http://192.168.1.20/mcp', { headers: { Authorization: `Bearer ${key}` } })).rejects.toMatchObject({ code: 'insecure_address', values: { host: '192.168.1.20' } });
    expect(fetchFn).not.toHaveBeenCalled();
    await guardedFetch(fetchFn, 5)('http://192.168.1.20/mcp', { headers: { 'X-Team-Token': 'lan-only-value' } });
    expect(fetchFn).toHaveBeenCalledOnce();
  });
});

describe('a refusal as the MCP host reports it', () => {
  it('keeps Confab\'s own reason rather than calling the host unreachable', async () => {
    const { failureFromNetworkError } = await import('../../../../electron/core/services/net/service-failure');
    const fetchFn: typeof fetch = async () => new Response(null, { status: 302, headers: { location: 'https://other.example.net/' } });
    const error = await guardedFetch(fetchFn, 5)('https://api.example.com/mcp').catch((caught: unknown) => caught);
    expect(failureFromNetworkError(error, 'https://api.example.com/mcp')).toMatchObject({
      code: 'cross_origin_redirect',
      reason: 'cross_origin_redirect',
      message: '',
      values: { from: 'api.example.com', to: 'other.example.net' },
    });
  });
});
