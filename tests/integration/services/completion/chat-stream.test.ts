import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CompletionEvent } from '../../../../shared/contract/chat';
import type { CompletionInput } from '../../../../electron/core/services/completion/completion-input';
import { createChatService } from '../../../../electron/core/services/completion/chat-service';
import { createServiceClient } from '../../../../electron/core/services/net/service-client';
import { SPLIT_UTF8_SAMPLE, startFakeService, type FakeService } from '../../../fake-service/server';

// Main's chat service against the fake over real HTTP: every streaming edge case the
// fake can script, checked as the events the renderer would receive.
let fake: FakeService;
let key: string;
let baseUrl: string;
const chat = () =>
  createChatService({ service: createServiceClient({ fetch, baseUrl: () => baseUrl, apiKey: async () => key }) });

const input = (overrides: Partial<CompletionInput> = {}): CompletionInput => ({
  model: 'default',
  temperature: null,
  maxTokens: null,
  stream: true,
  messages: [{ role: 'user', content: 'Hello there' }],
  ...overrides,
});

async function run(request: CompletionInput, stopAfterDeltas?: number) {
  const events: CompletionEvent[] = [];
  const controller = new AbortController();
  await chat().complete(request, {
    signal: controller.signal,
    emit: (event) => {
      events.push(event);
      if (event.type === 'delta' && events.length === stopAfterDeltas) controller.abort();
    },
  });
  const text = events.flatMap((event) => (event.type === 'delta' ? [event.text] : [])).join('');
  return { events, text, last: events.at(-1)! };
}

beforeAll(async () => {
  fake = await startFakeService();
  baseUrl = fake.baseUrl;
});
beforeEach(() => {
  key = fake.keys.pro;
  baseUrl = fake.baseUrl;
});
afterAll(() => fake.close());

describe('chat completion through main', () => {
  it('streams the reply in order and ends with done, usage and finish reason', async () => {
    fake.chat.next({ reply: 'One two three four five six seven.', chunkSize: 3 });
    const { text, last, events } = await run(input());
    expect(text).toBe('One two three four five six seven.');
    expect(last).toMatchObject({ type: 'done', finishReason: 'stop', usage: { total_tokens: expect.any(Number) } });
    expect(events.filter((event) => event.type === 'done')).toHaveLength(1);
    expect(fake.requests.at(-1)!.body).toMatchObject({ model: 'default', stream: true, stream_options: { include_usage: true } });
  });

  it('sends temperature and max_tokens only when set, and answers a non-streamed request whole', async () => {
    const { text, last } = await run(input({ stream: false, temperature: 0.5, maxTokens: 50 }));
    expect(text).toContain('You said: "Hello there"');
    expect(last).toMatchObject({ type: 'done', finishReason: 'stop', model: 'default' });
    const body = fake.requests.at(-1)!.body as Record<string, unknown>;
    expect(body).toMatchObject({ temperature: 0.5, max_tokens: 50 });
    expect(body).not.toHaveProperty('stream');
  });

  it.each([
    ['empty and absent deltas', { emptyDeltas: true }],
    ['comment lines', { comments: true }],
    ['CRLF line ends', { crlf: true }],
    ['multi-line data', { multilineData: true }],
    ['no [DONE] at the end', { omitDone: true }],
  ])('handles %s', async (_name, script) => {
    fake.chat.next({ reply: 'Edge cases are handled well.', chunkSize: 2, ...script });
    const { text, last } = await run(input());
    expect(text).toBe('Edge cases are handled well.');
    expect(last.type).toBe('done');
  });

  it('keeps UTF-8 characters split across packets whole', async () => {
    fake.chat.next({ splitUtf8: true });
    const { text } = await run(input());
    expect(text).toBe(SPLIT_UTF8_SAMPLE);
  });

  it('keeps the text before an error event and reports the error', async () => {
    fake.chat.next({ reply: 'Partial answer that breaks', chunkSize: 4, errorAfterChunks: 3, streamError: { message: 'Model overloaded', code: 'overloaded' } });
    const { text, last } = await run(input());
    expect(text).toBe('Partial answer that breaks'.slice(0, 12));
    expect(last).toMatchObject({ type: 'failed', failure: { kind: 'stream', code: 'overloaded', message: 'Model overloaded' } });
  });

  it('reports a malformed event and a dropped connection, keeping the text', async () => {
    fake.chat.next({ reply: 'abcdefghijkl', chunkSize: 4, malformedAfterChunks: 2 });
    const malformed = await run(input());
    expect(malformed.text).toBe('abcdefgh');
    expect(malformed.last).toMatchObject({
      type: 'failed',
      failure: { kind: 'stream', code: 'malformed_event', reason: 'malformed_event', message: '', values: { excerpt: expect.any(String) as string } },
    });

    fake.chat.next({ reply: 'abcdefghijkl', chunkSize: 4, dropAfterChunks: 2 });
    const dropped = await run(input());
    expect(dropped.text).toBe('abcdefgh');
    expect(dropped.last).toMatchObject({ type: 'failed', failure: { kind: 'stream', reason: 'stream_cut', values: { host: expect.stringContaining('127.0.0.1') as string } } });
  });

  it('stops at once: the server sees the connection close, the text so far is kept', async () => {
    fake.chat.next({ reply: 'word '.repeat(200), chunkSize: 5, intervalMs: 20 });
    const { text, last } = await run(input(), 3);
    expect(last).toEqual({ type: 'stopped' });
    expect(text.length).toBeGreaterThan(0);
    expect(text.length).toBeLessThan(1000);
    expect(await fake.waitForDisconnect()).toMatchObject({ kind: 'chat-stream' });
  });

  it('classifies HTTP failures before the stream starts', async () => {
    key = fake.keys.free;
    expect((await run(input({ model: 'pro' }))).last).toMatchObject({ type: 'failed', failure: { kind: 'plan', status: 403 } });
    fake.chat.next({ status: 429, headers: { 'Retry-After': '7' } });
    expect((await run(input())).last).toMatchObject({ type: 'failed', failure: { kind: 'rate_limit', retryAfterSeconds: 7 } });
    key = 'sk-wrong';
    expect((await run(input())).last).toMatchObject({ type: 'failed', failure: { kind: 'auth', code: 'invalid_api_key' } });
    baseUrl = 'http://127.0.0.1:9/v1';
    expect((await run(input())).last).toMatchObject({ type: 'failed', failure: { kind: 'network', host: '127.0.0.1:9' } });
  });

  it('coalesces a fast stream into at most one event per ~16 ms', async () => {
    fake.chat.next({ reply: 'x'.repeat(2000), chunkSize: 1, intervalMs: 0 });
    const started = performance.now();
    const { events, text } = await run(input());
    const elapsed = performance.now() - started;
    expect(text).toBe('x'.repeat(2000));
    const deltas = events.filter((event) => event.type === 'delta').length;
    expect(deltas).toBeLessThan(2000 / 4);
    expect(deltas).toBeLessThanOrEqual(Math.ceil(elapsed / 16) + 2);
  });
});
