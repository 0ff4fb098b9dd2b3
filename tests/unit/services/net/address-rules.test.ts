import { describe, expect, it } from 'vitest';
import { decideRedirect, insecureAddressProblem, isLoopbackHost } from '../../../../electron/core/services/net/address-rules';

describe('https is required off this computer', () => {
  it.each(['localhost', '127.0.0.1', '127.8.9.10', '[::1]', 'LOCALHOST'])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });
  it.each(['example.com', '10.0.0.1', '128.0.0.1', 'localhost.example.com', '127.0.0.1.nip.io', '[::2]'])('%s is not', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });

  it('allows https anywhere and http only on loopback, naming the refused host', () => {
    expect(insecureAddressProblem(new URL('https://api.example.com/v1'))).toBeNull();
    expect(insecureAddressProblem(new URL('http://127.0.0.1:8080/v1'))).toBeNull();
    expect(insecureAddressProblem(new URL('http://[::1]:8080/v1'))).toBeNull();
    expect(insecureAddressProblem(new URL('http://api.example.com/v1'))).toEqual({ reason: 'insecure_address', values: { host: 'api.example.com' } });
    expect(insecureAddressProblem(new URL('ftp://api.example.com/v1'))).toEqual({ reason: 'unsupported_scheme', values: { scheme: 'ftp:' } });
  });
});

describe('redirects', () => {
  const from = new URL('https://api.example.com/v1/chat/completions');

  it('follows a same-origin redirect, relative or absolute', () => {
    expect(decideRedirect(from, '/v2/chat/completions', 0, 5)).toEqual({ follow: true, to: new URL('https://api.example.com/v2/chat/completions') });
    expect(decideRedirect(from, 'https://api.example.com/x', 4, 5)).toMatchObject({ follow: true });
  });

  it('refuses another host, naming both', () => {
    expect(decideRedirect(from, 'https://evil.example.net/v1', 0, 5)).toEqual({
      follow: false,
      reason: 'cross_origin_redirect',
      values: { from: 'api.example.com', to: 'evil.example.net' },
    });
  });

  it('refuses another scheme or port on the same host, naming both origins', () => {
    expect(decideRedirect(from, 'http://api.example.com/v1', 0, 5)).toMatchObject({
      follow: false,
      values: { from: 'https://api.example.com', to: 'http://api.example.com' },
    });
    expect(decideRedirect(from, 'https://api.example.com:8443/v1', 0, 5)).toMatchObject({ follow: false, reason: 'cross_origin_redirect' });
  });

  it('stops after the allowed number of hops and refuses a redirect with no address', () => {
    expect(decideRedirect(from, '/again', 5, 5)).toMatchObject({ follow: false, reason: 'too_many_redirects', values: { host: 'api.example.com', count: 5 } });
    expect(decideRedirect(from, null, 0, 5)).toMatchObject({ follow: false, reason: 'bad_redirect' });
  });
});
