import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { client, failure, hello } from '../../support/openai-client';
import { fake, useFake } from '../../support/use-fake';

// The fake's refusals as the official `openai` client sees them: auth codes, plan refusals,
// validation, and scripted errors and latency.

useFake();

describe('authentication', () => {
  it('reports missing_api_key without an Authorization header', async () => {
    const err = await failure(
      client('unused').chat.completions.create({ model: 'default', messages: hello }, { headers: { Authorization: null } }),
    );
    expect(err.status).toBe(401);
    expect(err.code).toBe('missing_api_key');
    expect(fake.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('reports missing_api_key for an empty Bearer value', async () => {
    const response = await fetch(`${fake.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { Authorization: 'Bearer ', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'default', messages: hello }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { message: expect.any(String), type: 'invalid_request_error', param: null, code: 'missing_api_key' },
    });
  });

  it('reports invalid_api_key for an unknown key', async () => {
    const err = await failure(client('sk-unknown-0123456789abcdef').chat.completions.create({ model: 'default', messages: hello }));
    expect(err.status).toBe(401);
    expect(err.code).toBe('invalid_api_key');
    expect(err.message).not.toContain('0123456789abcdef');
    // Refused requests still log what the app sent.
    expect(fake.requests[0]?.body).toMatchObject({ model: 'default', messages: hello });
  });

  it('reports expired_api_key for expired and revoked keys, with different messages', async () => {
    const expired = await failure(client(fake.keys.expired).chat.completions.create({ model: 'default', messages: hello }));
    const revoked = await failure(client(fake.keys.revoked).chat.completions.create({ model: 'default', messages: hello }));
    expect([expired.status, revoked.status]).toEqual([401, 401]);
    expect([expired.code, revoked.code]).toEqual(['expired_api_key', 'expired_api_key']);
    expect(expired.message).toMatch(/expired/);
    expect(revoked.message).toMatch(/revoked/);
  });

  it('has sk- keys for every status', () => {
    for (const key of Object.values(fake.keys)) expect(key).toMatch(/^sk-[a-z]+-[0-9a-f]{40}$/);
  });
});

describe('plans and validation', () => {
  it('refuses the pro model to a Free key with a non-401 4xx', async () => {
    const err = await failure(client(fake.keys.free).chat.completions.create({ model: 'pro', messages: hello }));
    expect(err.status).toBe(403);
    expect(err.code).toBe('pro_plan_required');
    expect(err.param).toBe('model');
    expect(err.message).toMatch(/requires a Pro plan/);
  });

  it('refuses JSON mode and tools to a Free key', async () => {
    const json = await failure(
      client(fake.keys.free).chat.completions.create({ model: 'default', messages: hello, response_format: { type: 'json_object' } }),
    );
    const tools = await failure(
      client(fake.keys.free).chat.completions.create({
        model: 'default',
        messages: hello,
        tools: [{ type: 'function', function: { name: 'get_weather' } }],
      }),
    );
    expect([json.status, json.param]).toEqual([403, 'response_format']);
    expect([tools.status, tools.param]).toEqual([403, 'tools']);
  });

  it('names the offending field in 400s', async () => {
    const pro = client(fake.keys.pro);
    const cases: [Record<string, unknown>, string][] = [
      [{ model: 'pro' }, 'messages'],
      [{ model: 'pro', messages: hello, temperature: 2.5 }, 'temperature'],
      [{ model: 'pro', messages: hello, max_tokens: 0 }, 'max_tokens'],
      [{ model: 'pro', messages: [{ role: 'robot', content: 'hi' }] }, 'messages[0].role'],
    ];
    for (const [body, param] of cases) {
      const err = await failure(pro.post('/chat/completions', { body }));
      expect([err.status, err.param]).toEqual([400, param]);
    }
  });

  it('rejects a body that is not JSON', async () => {
    const response = await fetch(`${fake.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${fake.keys.pro}`, 'content-type': 'application/json' },
      body: '{"model": "pro",',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_json' } });
    expect(fake.requests[0]?.body).toBe('{"model": "pro",');
  });

  it('answers unknown paths with a 404 error body', async () => {
    const response = await fetch(`${fake.baseUrl}/models`, { headers: { Authorization: `Bearer ${fake.keys.pro}` } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found', param: null } });
  });
});

describe('scripted errors and latency', () => {
  it('sends a 429 with Retry-After', async () => {
    fake.chat.next({ status: 429, headers: { 'Retry-After': '7' } });
    const err = await failure(client(fake.keys.pro).chat.completions.create({ model: 'pro', messages: hello }));
    expect(err).toBeInstanceOf(OpenAI.RateLimitError);
    expect(err.status).toBe(429);
    expect(err.headers?.get('retry-after')).toBe('7');
    expect(err.code).toBe('rate_limit_exceeded');
  });

  it('sends error bodies in non-standard shapes verbatim', async () => {
    fake.chat.next({ status: 500, errorBody: { code: 'overloaded', message: 'Try later' } });
    fake.chat.next({ status: 503, errorBody: 'upstream unavailable' });
    const post = () =>
      fetch(`${fake.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${fake.keys.pro}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'pro', messages: hello }),
      });
    const first = await post();
    expect([first.status, await first.json()]).toEqual([500, { code: 'overloaded', message: 'Try later' }]);
    const second = await post();
    expect(second.status).toBe(503);
    expect(second.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await second.text()).toBe('upstream unavailable');
  });

  it('does not consume a script with a request that fails authentication', async () => {
    fake.chat.next({ reply: 'scripted' });
    await failure(client(fake.keys.expired).chat.completions.create({ model: 'pro', messages: hello }));
    const completion = await client(fake.keys.pro).chat.completions.create({ model: 'pro', messages: hello });
    expect(completion.choices[0]?.message.content).toBe('scripted');
  });

  it('waits before answering with setLatency and per-script latency', async () => {
    // A second's latency against none: the request without it stays far below, however loaded the machine.
    fake.setLatency(1_000);
    let started = performance.now();
    await client(fake.keys.pro).chat.completions.create({ model: 'pro', messages: hello });
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    fake.chat.next({ latencyMs: 0 });
    started = performance.now();
    await client(fake.keys.pro).chat.completions.create({ model: 'pro', messages: hello });
    expect(performance.now() - started).toBeLessThan(990);
  });
});
