import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { SPLIT_UTF8_SAMPLE } from '../../fake-service/server';
import { contentOf, parseSse, postRaw } from '../../fake-service/testing';
import { fake, useFake } from '../../support/use-fake';

// The streaming fault scripts, checked on the wire (raw bytes, a spec-compliant SSE parser)
// and, where a client is expected to cope, through the official `openai` client.

const body = { model: 'pro', messages: [{ role: 'user', content: 'Stream please' }], stream: true };
const url = () => `${fake.baseUrl}/chat/completions`;
const client = () => new OpenAI({ apiKey: fake.keys.pro, baseURL: fake.baseUrl, maxRetries: 0 });

async function collect(): Promise<string> {
  const stream = await client().chat.completions.create({ model: 'pro', messages: body.messages as [], stream: true });
  let text = '';
  for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
  return text;
}

async function collectUntilError(): Promise<{ text: string; error: unknown }> {
  let text = '';
  try {
    const stream = await client().chat.completions.create({ model: 'pro', messages: body.messages as [], stream: true });
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
  } catch (error) {
    return { text, error };
  }
  return { text, error: undefined };
}

useFake({ defaultIntervalMs: 1 });

describe('stream framing', () => {
  it('writes well-formed SSE ending with [DONE]', async () => {
    const res = await postRaw(url(), fake.keys.pro, body);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const text = res.body.toString('utf8');
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
    const { events } = parseSse(text);
    expect(contentOf(events)).toMatch(/^You said: "Stream please"\./);
  });

  it('uses CRLF line endings when scripted', async () => {
    fake.chat.next({ reply: 'crlf works', crlf: true });
    const text = (await postRaw(url(), fake.keys.pro, body)).body.toString('utf8');
    expect(text).toContain('\r\n\r\n');
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    expect(contentOf(parseSse(text).events)).toBe('crlf works');
    fake.chat.next({ reply: 'crlf works', crlf: true });
    expect(await collect()).toBe('crlf works');
  });

  it('interleaves keep-alive comments when scripted', async () => {
    fake.chat.next({ reply: 'with comments', comments: true });
    const { events, comments } = parseSse((await postRaw(url(), fake.keys.pro, body)).body.toString('utf8'));
    expect(comments.length).toBeGreaterThan(3);
    expect(comments.every((c) => c.trim() === 'keep-alive')).toBe(true);
    expect(contentOf(events)).toBe('with comments');
    fake.chat.next({ reply: 'with comments', comments: true });
    expect(await collect()).toBe('with comments');
  });

  it('spreads one event over several data: lines that join into valid JSON', async () => {
    fake.chat.next({ reply: 'multi line', multilineData: true, includeUsage: true });
    const text = (await postRaw(url(), fake.keys.pro, body)).body.toString('utf8');
    const { events } = parseSse(text);
    expect(text).toMatch(/data: \{\ndata: {2}"id"/);
    expect(events.filter((e) => e.data !== '[DONE]').every((e) => e.data.includes('\n'))).toBe(true);
    expect(contentOf(events)).toBe('multi line');
    expect(JSON.parse(events[events.length - 2]?.data ?? '')).toMatchObject({ choices: [], usage: { total_tokens: expect.any(Number) } });
  });

  it('interleaves empty and content-less deltas', async () => {
    fake.chat.next({ reply: 'sparse text', emptyDeltas: true });
    const { events } = parseSse((await postRaw(url(), fake.keys.pro, body)).body.toString('utf8'));
    const deltas = events.filter((e) => e.data !== '[DONE]').map((e) => (JSON.parse(e.data) as { choices: { delta: object }[] }).choices[0]?.delta);
    expect(deltas.some((d) => JSON.stringify(d) === '{"content":""}')).toBe(true);
    expect(deltas.filter((d) => d && !('content' in d)).length).toBeGreaterThan(2);
    expect(contentOf(events)).toBe('sparse text');
    fake.chat.next({ reply: 'sparse text', emptyDeltas: true });
    expect(await collect()).toBe('sparse text');
  });

  it('splits multi-byte characters across socket writes', async () => {
    fake.chat.next({ splitUtf8: true, splitPauseMs: 15 });
    const res = await postRaw(url(), fake.keys.pro, body);
    // At least one piece ends inside a character: decoding it alone yields U+FFFD.
    const cut = res.pieces.filter((piece) => new TextDecoder().decode(piece).endsWith('\uFFFD'));
    expect(cut.length).toBeGreaterThan(0);
    expect(contentOf(parseSse(res.body.toString('utf8')).events)).toBe(SPLIT_UTF8_SAMPLE);
    fake.chat.next({ splitUtf8: true, splitPauseMs: 15 });
    expect(await collect()).toBe(SPLIT_UTF8_SAMPLE);
  });

  it('can end without [DONE]', async () => {
    fake.chat.next({ reply: 'no done marker', omitDone: true });
    const text = (await postRaw(url(), fake.keys.pro, body)).body.toString('utf8');
    expect(text).not.toContain('[DONE]');
    expect(contentOf(parseSse(text).events)).toBe('no done marker');
    fake.chat.next({ reply: 'no done marker', omitDone: true });
    expect(await collect()).toBe('no done marker');
  });

  it('paces one word token per event with tokensPerSecond', async () => {
    fake.chat.next({ reply: 'one two three four five six', tokensPerSecond: 50 });
    const started = performance.now();
    const { events } = parseSse((await postRaw(url(), fake.keys.pro, body)).body.toString('utf8'));
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    const pieces = events.map((e) => (e.data === '[DONE]' ? '' : ((JSON.parse(e.data) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content ?? '')));
    expect(pieces.filter(Boolean)).toEqual(['one ', 'two ', 'three ', 'four ', 'five ', 'six']);
  });
});

describe('stream faults', () => {
  it('sends an error event after N chunks', async () => {
    fake.chat.next({ reply: 'abcdefghijkl', chunkSize: 2, errorAfterChunks: 3, streamError: { message: 'model crashed', code: 'model_error' } });
    const text = (await postRaw(url(), fake.keys.pro, body)).body.toString('utf8');
    const { events } = parseSse(text);
    expect(JSON.parse(events[events.length - 1]?.data ?? '')).toEqual({
      error: { message: 'model crashed', type: 'server_error', param: null, code: 'model_error' },
    });
    expect(text).not.toContain('[DONE]');

    fake.chat.next({ reply: 'abcdefghijkl', chunkSize: 2, errorAfterChunks: 3, streamError: { message: 'model crashed' } });
    const { text: got, error } = await collectUntilError();
    expect(got).toBe('abcdef');
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as Error).message).toContain('model crashed');
  });

  it('sends a malformed data line after N chunks', async () => {
    fake.chat.next({ reply: 'abcdefgh', chunkSize: 2, malformedAfterChunks: 2 });
    const text = (await postRaw(url(), fake.keys.pro, body)).body.toString('utf8');
    expect(text).toContain('data: {not json\n\n');
    expect(contentOf(parseSse(text).events)).toBe('abcd');
    fake.chat.next({ reply: 'abcdefgh', chunkSize: 2, malformedAfterChunks: 2 });
    const { text: got, error } = await collectUntilError();
    expect(got).toBe('abcd');
    expect(error).toBeDefined();
  });

  it('drops the connection after N chunks without counting it as a client disconnect', async () => {
    fake.chat.next({ reply: 'abcdefghij', chunkSize: 2, dropAfterChunks: 2 });
    const res = await postRaw(url(), fake.keys.pro, body);
    expect(res.error).toBeDefined();
    expect(res.body.toString('utf8')).not.toContain('[DONE]');
    fake.chat.next({ reply: 'abcdefghij', chunkSize: 2, dropAfterChunks: 2 });
    const { text, error } = await collectUntilError();
    expect(text).toBe('abcd');
    expect(error).toBeDefined();
    expect(fake.disconnects).toEqual([]);
  });

  it('answers a scripted status on a streaming request', async () => {
    fake.chat.next({ status: 500 });
    const { error } = await collectUntilError();
    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
  });
});

describe('client disconnects', () => {
  it('sees the openai client abort a stream mid-way and stops writing', async () => {
    fake.chat.next({ reply: 'x'.repeat(200), chunkSize: 1, intervalMs: 10 });
    const controller = new AbortController();
    const stream = await client().chat.completions.create(
      { model: 'pro', messages: body.messages as [], stream: true },
      { signal: controller.signal },
    );
    let received = 0;
    // The openai client ends the iteration quietly when its signal aborts.
    for await (const chunk of stream) {
      received += chunk.choices[0]?.delta?.content?.length ?? 0;
      if (received >= 3) controller.abort();
    }
    expect(controller.signal.aborted).toBe(true);
    const record = await fake.waitForDisconnect(2000);
    expect(record).toMatchObject({ kind: 'chat-stream', method: 'POST', path: '/v1/chat/completions' });
    expect(record.chunksSent).toBeGreaterThanOrEqual(3);
    expect(record.chunksSent).toBeLessThan(200);
    expect(fake.disconnects).toHaveLength(1);
  });

  it('sees a fetch abort during the latency before headers', async () => {
    fake.chat.next({ latencyMs: 2000 });
    const controller = new AbortController();
    const pending = fetch(url(), {
      method: 'POST',
      headers: { Authorization: `Bearer ${fake.keys.pro}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toThrow();
    expect(await fake.waitForDisconnect(1000)).toMatchObject({ kind: 'chat' });
  });

  it('counts a disconnect that happened before waitForDisconnect was called', async () => {
    fake.chat.next({ reply: 'y'.repeat(100), chunkSize: 1, intervalMs: 10 });
    const controller = new AbortController();
    const response = await fetch(url(), {
      method: 'POST',
      headers: { Authorization: `Bearer ${fake.keys.pro}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    await response.body?.getReader().read();
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.disconnects).toHaveLength(1);
    expect((await fake.waitForDisconnect(100)).kind).toBe('chat-stream');
    await expect(fake.waitForDisconnect(50)).rejects.toThrow(/No client disconnect/);
  });
});
