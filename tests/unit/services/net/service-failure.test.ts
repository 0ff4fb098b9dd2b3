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
  });

  // The service's interface leaves its Free-on-Pro refusal "not shown": a 403 is a plan problem when
  // its code or words name the plan, and every other 4xx is said in the service's own words.
  const answer = (status: number, body: object) => failureFromResponse(new Response(JSON.stringify(body), { status }));
  it.each([
    ['the fake service\u2019s chat refusal', { error: { message: 'JSON mode requires a Pro plan. Free keys can only use the model `default`.', type: 'permission_error', code: 'pro_plan_required' } }],
    ['its transcription refusal', { error: { message: 'Audio transcription requires a Pro plan.', type: 'permission_error', code: 'pro_plan_required' } }],
    ['a code alone', { error: { code: 'plan_required' } }],
    ['words alone', { message: 'Upgrade your subscription to use this model.' }],
  ])('counts a 403 naming the plan as a plan problem: %s', async (_, body) => {
    expect(await answer(403, body)).toMatchObject({ kind: 'plan', status: 403, reason: null });
  });

  it.each([
    [400, { error: { message: "Invalid file name ''.", type: 'invalid_request_error', code: 'invalid_file_name' } }, "Invalid file name ''."],
    [403, { error: { message: 'This key may not be used from this network.', code: 'forbidden' } }, 'This key may not be used from this network.'],
    [404, { error: { message: 'No such model.', code: 'model_not_found' } }, 'No such model.'],
    [413, { error: { message: 'The file is too large.', code: 'request_too_large' } }, 'The file is too large.'],
    [403, {}, '403 error'],
  ])('says any other %i in the service\u2019s own words, not as a plan problem', async (status, body, message) => {
    expect(await answer(status, body)).toMatchObject({ kind: 'http', status, message });
  });

  it('never reads a 4xx\u2019s code as one of Confab\u2019s own diagnoses', async () => {
    expect(await answer(400, { error: { message: 'Upstream timed out.', code: 'timeout' } })).toMatchObject({ kind: 'http', reason: null, code: 'timeout' });
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
