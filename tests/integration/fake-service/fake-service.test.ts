import { describe, expect, it } from 'vitest';
import { client, hello } from '../../support/openai-client';
import { fake, useFake } from '../../support/use-fake';

// Proves the fake speaks the chat side of the service the way the official `openai` client
// expects: shapes, streaming and tool calls (its refusals: fake-service-refusals.test.ts).

useFake();

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
