import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeService } from '../fake-service/server';
import type { FakeService } from '../fake-service/server';

// Proves the fake speaks the chat side of the service the way the official `openai` client
// expects: shapes, streaming, tool calls, auth codes and plan refusals.

let fake: FakeService;
const client = (apiKey: string) => new OpenAI({ apiKey, baseURL: fake.baseUrl, maxRetries: 0 });
const hello = [{ role: 'user' as const, content: 'Hello there' }];

async function failure(promise: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OpenAI.APIError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

beforeAll(async () => {
  fake = await startFakeService();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

describe('chat completions', () => {
  it('answers a non-streamed completion with a deterministic reply', async () => {
    const completion = await client(fake.keys.pro).chat.completions.create({ model: 'pro', messages: hello });
    expect(completion.id).toMatch(/^chatcmpl-/);
    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe('pro');
    expect(Number.isInteger(completion.created)).toBe(true);
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    expect(completion.choices[0]?.message.role).toBe('assistant');
    expect(completion.choices[0]?.message.content).toMatch(/^You said: "Hello there"\. /);
    const usage = completion.usage;
    expect(usage?.total_tokens).toBe((usage?.prompt_tokens ?? 0) + (usage?.completion_tokens ?? 0));
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/v1/chat/completions', status: 200, plan: 'pro' });
    expect(fake.requests[0]?.body).toMatchObject({ model: 'pro', messages: hello });
  });

  it('lets a Free key use the default model', async () => {
    const completion = await client(fake.keys.free).chat.completions.create({ model: 'default', messages: hello });
    expect(completion.choices[0]?.message.content).toContain('Hello there');
  });

  it('streams the same reply, with role first and a usage chunk when asked', async () => {
    const stream = await client(fake.keys.pro).chat.completions.create({
      model: 'fast',
      messages: hello,
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    const chunks = [];
    for await (const chunk of stream) {
      chunks.push(chunk);
      text += chunk.choices[0]?.delta?.content ?? '';
    }
    const plain = await client(fake.keys.pro).chat.completions.create({ model: 'fast', messages: hello });
    expect(text).toBe(plain.choices[0]?.message.content);
    expect(chunks[0]?.object).toBe('chat.completion.chunk');
    expect(chunks[0]?.choices[0]?.delta.role).toBe('assistant');
    expect(chunks.length).toBeGreaterThan(10);
    const last = chunks[chunks.length - 1];
    expect(last?.choices).toEqual([]);
    expect(last?.usage?.total_tokens).toBeGreaterThan(0);
    expect(chunks[chunks.length - 2]?.choices[0]?.finish_reason).toBe('stop');
  });

  it('omits the usage chunk unless asked', async () => {
    const stream = await client(fake.keys.pro).chat.completions.create({ model: 'pro', messages: hello, stream: true });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.every((chunk) => !chunk.usage)).toBe(true);
  });

  it('uses a scripted reply and chunk size', async () => {
    fake.chat.next({ reply: 'abcdefghij', chunkSize: 3 });
    const stream = await client(fake.keys.pro).chat.completions.create({ model: 'pro', messages: hello, stream: true });
    const pieces: string[] = [];
    for await (const chunk of stream) {
      const content = chunk.choices[0]?.delta?.content;
      if (content) pieces.push(content);
    }
    expect(pieces).toEqual(['abc', 'def', 'ghi', 'j']);
  });

  it('honours max_tokens on the default reply with finish_reason length', async () => {
    const completion = await client(fake.keys.free).chat.completions.create({ model: 'default', messages: hello, max_tokens: 1 });
    expect(completion.choices[0]).toMatchObject({ finish_reason: 'length', message: { content: 'You' } });
  });

  it('returns a JSON object in JSON mode', async () => {
    const completion = await client(fake.keys.pro).chat.completions.create({
      model: 'pro',
      messages: hello,
      response_format: { type: 'json_object' },
    });
    expect(JSON.parse(completion.choices[0]?.message.content ?? '')).toMatchObject({ echo: 'Hello there' });
  });

  it('answers with scripted tool calls, non-streamed', async () => {
    fake.chat.next({ toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } }] });
    const completion = await client(fake.keys.pro).chat.completions.create({
      model: 'pro',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }],
    });
    const choice = completion.choices[0];
    expect(choice?.finish_reason).toBe('tool_calls');
    expect(choice?.message.content).toBeNull();
    const call = choice?.message.tool_calls?.[0];
    expect(call?.id).toMatch(/^call_/);
    expect(call?.type).toBe('function');
    if (call?.type !== 'function') throw new Error('expected a function call');
    expect(call.function.name).toBe('get_weather');
    expect(JSON.parse(call.function.arguments)).toEqual({ city: 'Paris', unit: 'celsius' });
  });

  it('streams tool calls as indexed fragments of the arguments string', async () => {
    fake.chat.next({
      toolCalls: [
        { name: 'get_weather', arguments: { city: 'Paris' } },
        { name: 'add_numbers', arguments: { a: 2, b: 3 } },
      ],
    });
    const stream = await client(fake.keys.pro).chat.completions.create({
      model: 'pro',
      messages: [{ role: 'user', content: 'Two tools please' }],
      tools: [
        { type: 'function', function: { name: 'get_weather' } },
        { type: 'function', function: { name: 'add_numbers' } },
      ],
      stream: true,
    });
    const calls: { id?: string; name: string; args: string; fragments: number }[] = [];
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      if (choice?.finish_reason) finish = choice.finish_reason;
      for (const part of choice?.delta.tool_calls ?? []) {
        const call = (calls[part.index] ??= { name: '', args: '', fragments: 0 });
        if (part.id) call.id = part.id;
        if (part.function?.name) call.name += part.function.name;
        if (part.function?.arguments) {
          call.args += part.function.arguments;
          call.fragments++;
        }
      }
    }
    expect(finish).toBe('tool_calls');
    expect(calls.map((c) => c.name)).toEqual(['get_weather', 'add_numbers']);
    expect(JSON.parse(calls[0]?.args ?? '')).toEqual({ city: 'Paris' });
    expect(JSON.parse(calls[1]?.args ?? '')).toEqual({ a: 2, b: 3 });
    expect(calls[0]?.fragments).toBeGreaterThan(2);
    expect(calls[0]?.id).toMatch(/^call_/);
  });
});

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
    fake.setLatency(120);
    let started = performance.now();
    await client(fake.keys.pro).chat.completions.create({ model: 'pro', messages: hello });
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    fake.chat.next({ latencyMs: 0 });
    started = performance.now();
    await client(fake.keys.pro).chat.completions.create({ model: 'pro', messages: hello });
    expect(performance.now() - started).toBeLessThan(110);
  });
});
