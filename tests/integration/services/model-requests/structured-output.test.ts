import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CompletionEvent } from '../../../../shared/contract/chat';
import type { Plan } from '../../../../shared/domain/plan-rules';
import { createChatService } from '../../../../electron/core/services/completion/chat-service';
import { createModelRequests } from '../../../../electron/core/services/model-requests/model-requests';
import { createServiceClient } from '../../../../electron/core/services/net/service-client';
import { startFakeService, type FakeService } from '../../../fake-service/server';
import { removeFolder } from '../../../support/temp-folder';

// Main's one way to ask the model, against the fake over real HTTP: JSON of a zod shape on
// either plan, and a request too long for the model split and sent on in parts.
let fake: FakeService;
let dir: string;
let plan: Plan;
const service = () => createServiceClient({ fetch, baseUrl: () => fake.baseUrl, apiKey: async () => (plan === 'pro' ? fake.keys.pro : fake.keys.free) });
const models = () => createModelRequests({ service: service(), plan: () => plan, dataDir: dir });
const signal = () => new AbortController().signal;
const chatBodies = () => fake.requests.filter((request) => request.path === '/v1/chat/completions');

beforeAll(async () => {
  // No pause between streamed pieces: the JSON echoes are long, and their pace is not what is tested.
  fake = await startFakeService({ defaultIntervalMs: 0 });
});
beforeEach(async () => {
  fake.reset();
  plan = 'pro';
  dir = await mkdtemp(join(tmpdir(), 'confab-models-'));
  return () => removeFolder(dir);
});
afterAll(() => fake.close());

describe('structured output', () => {
  it('on Pro asks in JSON mode and checks the shape with zod', async () => {
    const texts: string[] = [];
    const asked = await models().askJson({
      messages: [{ role: 'user', content: 'What was decided?' }],
      schema: z.object({ reply: z.string(), words: z.number() }),
      signal: signal(),
      onText: (text) => texts.push(text),
    });
    expect(asked).toMatchObject({ ok: true, value: { reply: 'You said: "What was decided?".', words: 3 }, usage: { total_tokens: expect.any(Number) } });
    const body = chatBodies()[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ response_format: { type: 'json_object' }, stream: true, max_tokens: expect.any(Number) });
    // The text came as it was streamed, in pieces.
    expect(texts.length).toBeGreaterThan(1);

    fake.chat.next({ reply: '{"items": "not a list"}' });
    const wrong = await models().askJson({ messages: [{ role: 'user', content: 'Items?' }], schema: z.object({ items: z.array(z.string()) }), signal: signal() });
    expect(wrong).toMatchObject({ ok: false, failure: { reason: 'unreadable_answer', values: { format: 'JSON', detail: expect.stringContaining('items') } } });
  });

  it('on Free sends a plain prompt and reads an answer wrapped in <think> and a code fence', async () => {
    plan = 'free';
    fake.chat.next({ reply: '{"decisions": [{"text": "Ship it", "rows": ["r1"],},],', think: 'They want {"decisions": []}, so…', fence: true });
    const asked = await models().askJson({
      model: 'pro',
      messages: [{ role: 'user', content: 'Decisions?' }],
      schema: z.object({ decisions: z.array(z.object({ text: z.string(), rows: z.array(z.string()) })) }),
      signal: signal(),
    });
    expect(asked).toMatchObject({ ok: true, value: { decisions: [{ text: 'Ship it', rows: ['r1'] }] } });
    const body = chatBodies()[0]!.body as Record<string, unknown>;
    expect(body.response_format).toBeUndefined();
    // Free has one model, whatever the feature asked for.
    expect(body.model).toBe('default');
  });

  it('says when an answer was cut by the token cap, with what it held', async () => {
    fake.chat.next({ reply: '{"items": ["a", "b', finishReason: 'length' });
    const asked = await models().askJson({ messages: [{ role: 'user', content: 'Items?' }], schema: z.object({ items: z.array(z.string()) }), signal: signal(), maxTokens: 5 });
    expect(asked).toMatchObject({ ok: true, value: { items: ['a', 'b'] }, truncated: true });
    expect((chatBodies()[0]!.body as { max_tokens: number }).max_tokens).toBe(5);
  });

  it('fails as not configured while there is no base URL', async () => {
    const requests = createModelRequests({ service: createServiceClient({ fetch, baseUrl: () => '', apiKey: async () => null }), plan: () => plan, dataDir: dir });
    const asked = await requests.inParts({ items: ['a'], size: () => 1, send: (part, model) => requests.askJson({ model, messages: [{ role: 'user', content: part.join('') }], schema: z.object({}), signal: signal() }) });
    expect(asked).toMatchObject({ ok: false, failure: { kind: 'not_configured', reason: 'no_base_url' } });
  });

  it('caps what it reads of an answer', async () => {
    fake.chat.next({ reply: `{"text": "${'x'.repeat(5000)}"}` });
    const asked = await models().askJson({ messages: [{ role: 'user', content: 'Long?' }], schema: z.object({ text: z.string() }), signal: signal(), maxBytes: 1000 });
    expect(asked).toMatchObject({ ok: false, failure: { reason: 'too_large', values: { bytes: 1000 } } });
  });
});

/** Rows of 200 characters, each named, so a request's rows can be counted. */
const rows = Array.from({ length: 10 }, (_, i) => `ROW-${i} ${'word '.repeat(40)}`.slice(0, 200));
const rowsIn = (body: unknown) => ((body as { messages: Array<{ content: string }> }).messages.at(-1)!.content.match(/ROW-\d+/g) ?? []).length;

async function summarize() {
  const requests = models();
  return requests.inParts({
    items: rows,
    size: (row) => row.length,
    send: (part, model) =>
      requests.askJson({ model, messages: [{ role: 'user', content: part.join('\n') }], schema: z.object({ echo: z.string() }), signal: signal() }),
  });
}

describe('too long for the model', () => {
  it('splits a request the service finds too long, goes on, and starts from the fit learnt next time', async () => {
    fake.setContextLimit(1000);
    const first = await summarize();
    expect(first.ok).toBe(true);
    const results = first.ok ? first.results : [];
    // Every row was summarized once, in order.
    expect(results.flatMap((result) => result.items)).toEqual(rows);
    const refused = chatBodies().filter((request) => request.status === 400);
    expect(refused.length).toBeGreaterThan(0);
    const fits = JSON.parse(await readFile(join(dir, 'model-fits.json'), 'utf8')) as Record<string, { passed: number; failed: number }>;
    expect(fits[`${new URL(fake.baseUrl).origin} default`]).toMatchObject({ passed: expect.any(Number), failed: expect.any(Number) });

    fake.reset();
    fake.setContextLimit(1000);
    const second = await summarize();
    expect(second.ok).toBe(true);
    // Nothing was refused: the parts were cut to the size that passed before.
    expect(chatBodies().map((request) => request.status)).not.toContain(400);
    expect(rowsIn(chatBodies()[0]!.body)).toBeLessThanOrEqual(Math.max(...results.map((result) => result.items.length)));
  });

  it('shows the service words of any other 400, without splitting', async () => {
    const words = "Invalid value for 'temperature': it must be a number between 0 and 2.";
    fake.chat.next({ status: 400, errorBody: { error: { message: words, type: 'invalid_request_error', code: 'invalid_value' } } });
    const outcome = await summarize();
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'http', status: 400, message: words } });
    expect(chatBodies()).toHaveLength(1);
  });

  it("names a chat reply too long for the model as such, with the service's words", async () => {
    fake.setContextLimit(10);
    const events: CompletionEvent[] = [];
    await createChatService({ service: service() }).complete(
      { model: 'default', temperature: null, maxTokens: null, stream: true, messages: [{ role: 'user', content: 'A question longer than the context' }] },
      { signal: signal(), emit: (event) => events.push(event) },
    );
    expect(events.at(-1)).toMatchObject({ type: 'failed', failure: { reason: 'context_too_long', status: 400, message: expect.stringContaining('maximum context length') } });
  });
});
