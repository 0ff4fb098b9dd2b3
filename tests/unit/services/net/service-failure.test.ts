import { describe, expect, it } from 'vitest';
import { failureFromNetworkError, failureFromResponse, readErrorBody } from '../../../../electron/core/services/net/service-failure';

describe('readErrorBody', () => {
  it.each([
    ['{"error":{"message":"Bad key","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}', 'invalid_api_key', 'Bad key'],
    ['{"code":"expired_api_key","message":"Expired"}', 'expired_api_key', 'Expired'],
    ['{"error":{"type":"rate_limit_error","message":"Slow down"}}', 'rate_limit_error', 'Slow down'],
    ['{"error":"Plain error text"}', null, 'Plain error text'],
    ['{"detail":"Not allowed"}', null, 'Not allowed'],
    ['Service Unavailable', null, 'Service Unavailable'],
    ['<html><body>502</body></html>', null, null],
    ['', null, null],
  ])('reads %s', (body, code, message) => {
    expect(readErrorBody(body)).toEqual({ code, message });
  });
});

describe('failureFromResponse', () => {
  it('classifies by status and reads Retry-After', async () => {
    const response = new Response('{"error":{"message":"Slow down","code":"rate_limited"}}', {
      status: 429,
      headers: { 'retry-after': '12' },
    });
    expect(await failureFromResponse(response)).toMatchObject({ kind: 'rate_limit', status: 429, code: 'rate_limited', retryAfterSeconds: 12 });
    expect((await failureFromResponse(new Response('', { status: 503, statusText: 'Service Unavailable' }))).message).toBe(
      '503 Service Unavailable',
    );
    expect((await failureFromResponse(new Response('{}', { status: 403 }))).kind).toBe('plan');
  });
});

describe('failureFromNetworkError', () => {
  it('names the host and the low-level reason', () => {
    const error = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    expect(failureFromNetworkError(error, 'http://127.0.0.1:9/v1/chat/completions')).toMatchObject({
      kind: 'network',
      host: '127.0.0.1:9',
      reason: 'unreachable',
      message: '',
      values: { host: '127.0.0.1:9', detail: 'ECONNREFUSED' },
    });
  });

  it.each([
    ['Node', Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) }), 'ECONNRESET'],
    ['Node, closed', Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) }), 'UND_ERR_SOCKET'],
    ['Electron', new Error('net::ERR_CONNECTION_RESET'), 'ERR_CONNECTION_RESET'],
  ])('says a connection cut mid-way was cut, naming its code once (%s)', (_runtime, error, code) => {
    const failure = failureFromNetworkError(error, 'https://api.example.com/v1/chat/completions');
    expect(failure).toMatchObject({ kind: 'network', code, reason: 'connection_cut', values: { host: 'api.example.com', detail: code } });
  });
});
