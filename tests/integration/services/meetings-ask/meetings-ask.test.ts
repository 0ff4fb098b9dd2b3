import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHistoryStore, type HistoryStore } from '../../../../electron/core/services/history/history-store';
import { createMeetingsAsk } from '../../../../electron/core/services/meetings-ask/meetings-ask';
import { createModelRequests } from '../../../../electron/core/services/model-requests/model-requests';
import { createServiceClient } from '../../../../electron/core/services/net/service-client';
import type { Plan } from '../../../../shared/domain/plan-rules';
import { startFakeService, type FakeService } from '../../../fake-service/server';
import { removeFolder } from '../../../support/temp-folder';
import { spokenRecord } from '../../../support/spoken-record';

// Ask across meetings through the model-request layer, against the fake over real HTTP.
let fake: FakeService;
let dir: string;
let store: HistoryStore;
let plan: Plan;
beforeAll(async () => {
  fake = await startFakeService({ defaultIntervalMs: 0 });
});
afterAll(() => fake.close());
beforeEach(async () => {
  fake.reset();
  plan = 'pro';
  dir = await mkdtemp(join(tmpdir(), 'confab-ask-'));
  store = createHistoryStore(join(dir, 'history.sqlite'));
});
afterEach(async () => {
  store.close();
  await removeFolder(dir);
});

const MEETINGS = {
  budget:
    'Good morning everyone, and welcome to the October review of our numbers. Sales grew in October, mostly in the north. We decided to cut the travel budget by ten percent. Anna will tell finance on Friday, and then we break for lunch together.',
  hiring: 'Hello team. Recruiting is slow this quarter. We will hire two engineers in March. Interviews start next week. Thanks all.',
  roadmap: 'Welcome back. Version two ships in spring. Mobile apps come later. Design reviews happen every Tuesday. Bye for now.',
};

function keep(id: keyof typeof MEETINGS | string, text: string, createdAt: number) {
  store.transcripts.put({ ...spokenRecord(id, text), fileName: `${id}.mp3`, createdAt }, null);
}

/** The service under test, asking the fake through the model-request layer on the current plan. */
function asking(cap?: number) {
  const service = createServiceClient({ fetch, baseUrl: () => fake.baseUrl, apiKey: async () => (plan === 'pro' ? fake.keys.pro : fake.keys.free) });
  const models = createModelRequests({ service, plan: () => plan, dataDir: dir });
  return createMeetingsAsk({ rows: store.transcripts.rows, transcripts: () => store.transcripts.list(), models, cap });
}
const chatBodies = () => fake.requests.filter((request) => request.path === '/v1/chat/completions').map((request) => request.body as Record<string, unknown>);
const messagesOf = (body: Record<string, unknown>) => body.messages as Array<{ role: string; content: string }>;
/** The request's own system prompt (the layer's JSON instruction goes before it). */
const askPrompt = (body: Record<string, unknown>) => messagesOf(body).find((message) => message.content.includes('excerpts of their meeting transcripts'))!.content;
const answer = (claims: Array<{ text: string; cites: string[] }>) => JSON.stringify({ claims });

describe('Ask across meetings', () => {
  beforeEach(() => {
    keep('budget', MEETINGS.budget, 1000);
    keep('hiring', MEETINGS.hiring, 2000);
    keep('roadmap', MEETINGS.roadmap, 3000);
  });

  it('retrieves the rows of the meeting that holds the answer, among three, sends only those and checks each claim against its rows', async () => {
    const ask = asking();
    const prepared = ask.prepare('What did we decide about the travel budget?');
    expect(prepared.sources.map((source) => source.transcriptId)).toEqual(['budget']);
    expect(prepared.rows.some((row) => row.text.includes('travel budget'))).toBe(true);
    expect(prepared.rows.every((row) => row.transcriptId === 'budget')).toBe(true);
    expect(chatBodies()).toEqual([]);

    const cited = prepared.rows.find((row) => row.text.includes('travel budget'))!;
    fake.chat.next({
      reply: answer([
        { text: 'The travel budget is cut by ten percent.', cites: [`T1/${cited.rowId}`] },
        { text: 'A made-up claim.', cites: ['T1/zz'] },
        { text: 'Another.', cites: ['T2/1'] },
        // Cites a row that was sent but does not say it: not supported, as a notes item would be.
        { text: 'Bananas ripen on distant islands.', cites: [`T1/${cited.rowId}`] },
      ]),
    });
    const outcome = await ask.send(prepared.askId);
    const cite = { transcriptId: 'budget', rowId: cited.rowId, startMs: cited.startMs };
    expect(outcome).toEqual({
      ok: true,
      cutOff: false,
      claims: [
        { text: 'The travel budget is cut by ten percent.', cites: [cite], status: 'supported' },
        // A row that was not sent, or a transcript that was not, is no citation: shown uncited.
        { text: 'A made-up claim.', cites: [], status: 'unsupported' },
        { text: 'Another.', cites: [], status: 'unsupported' },
        { text: 'Bananas ripen on distant islands.', cites: [cite], status: 'unsupported' },
      ],
    });
    // Through the model-request layer: JSON mode on Pro, main's model and output cap.
    const [body] = chatBodies();
    expect(body).toMatchObject({ model: 'default', response_format: { type: 'json_object' }, max_tokens: 4096 });
    // The request holds the question and the retrieved rows, and no row of another meeting.
    expect(messagesOf(body!).at(-1)).toEqual({ role: 'user', content: 'What did we decide about the travel budget?' });
    const system = askPrompt(body!);
    for (const row of prepared.rows) expect(system).toContain(`[T1/${row.rowId}]`);
    expect(system).toContain('"budget.mp3"');
    expect(system).not.toMatch(/engineers|Version two|hiring\.mp3|roadmap\.mp3/);
  });

  it('on Free asks the one Free model with a plain prompt and reads an answer wrapped in <think>', async () => {
    plan = 'free';
    const ask = asking();
    const prepared = ask.prepare('travel budget');
    const cited = prepared.rows.find((row) => row.text.includes('travel budget'))!;
    fake.chat.next({ reply: answer([{ text: 'The travel budget is cut.', cites: [`T1/${cited.rowId}`] }]), think: 'The user wants {"claims": []}…' });
    expect(await ask.send(prepared.askId)).toEqual({ ok: true, cutOff: false, claims: [{ text: 'The travel budget is cut.', cites: [expect.objectContaining({ rowId: cited.rowId })], status: 'supported' }] });
    const [body] = chatBodies();
    expect(body).toMatchObject({ model: 'default', max_tokens: 4096 });
    expect(body!.response_format).toBeUndefined();
  });

  it('says the answer was cut off when the token cap ended it, keeping the claims it held', async () => {
    const ask = asking();
    const prepared = ask.prepare('travel budget');
    const cited = prepared.rows.find((row) => row.text.includes('travel budget'))!;
    fake.chat.next({ reply: answer([{ text: 'The travel budget is cut.', cites: [`T1/${cited.rowId}`] }]), finishReason: 'length' });
    expect(await ask.send(prepared.askId)).toEqual({ ok: true, cutOff: true, claims: [expect.objectContaining({ text: 'The travel budget is cut.', status: 'supported' })] });
    // An answer that ends whole says nothing of the kind (asked anew: a set is answered once).
    expect(await ask.send(ask.prepare('travel budget').askId)).toMatchObject({ ok: true, cutOff: false });
  });

  it('sends rows too many for the model in parts and answers from all of them', async () => {
    const ask = asking();
    const prepared = ask.prepare('travel budget October');
    expect(prepared.rows.length).toBeGreaterThan(1);
    // A first question passes whole, which sets no limit; then the model takes one character less.
    expect((await ask.send(prepared.askId)).ok).toBe(true);
    const whole = messagesOf(chatBodies()[0]!).reduce((sum, message) => sum + message.content.length, 0);
    fake.reset();
    fake.setContextLimit(whole - 1);
    // The same question prepared again: a set is answered once (see below).
    const again = ask.prepare('travel budget October');
    expect(again.rows).toEqual(prepared.rows);
    const outcome = await ask.send(again.askId);
    expect(outcome.ok).toBe(true);
    const bodies = fake.requests.filter((request) => request.path === '/v1/chat/completions');
    expect(bodies.map((request) => request.status)).toContain(400);
    // Every row went in some part that passed, and none twice.
    const passed = bodies.filter((request) => request.status === 200).map((request) => askPrompt(request.body as Record<string, unknown>));
    expect(passed.length).toBeGreaterThan(1);
    for (const row of prepared.rows) expect(passed.filter((content) => content.includes(`[T1/${row.rowId}]`))).toHaveLength(1);
  });

  it('Stop aborts a slow answer: the request is cut and nothing of it is kept as an answer', async () => {
    const ask = asking();
    const prepared = ask.prepare('travel budget');
    const cited = prepared.rows.find((row) => row.text.includes('travel budget'))!;
    // An answer that takes ten minutes to start. Not an endless one: that fills the client's 1 MB
    // event cap (a failure, not a stop) before a loaded machine runs the Stop.
    fake.chat.next({ reply: answer([{ text: 'The travel budget is cut.', cites: [`T1/${cited.rowId}`] }]), latencyMs: 600_000 });
    const sending = ask.send(prepared.askId);
    await vi.waitFor(() => expect(chatBodies()).toHaveLength(1));
    ask.stop(prepared.askId);
    expect(await sending).toEqual({ ok: false, stopped: true });
    await fake.waitForDisconnect();
    // Stopped is not answered: Send again asks again.
    fake.chat.next({ reply: answer([{ text: 'The travel budget is cut.', cites: [`T1/${cited.rowId}`] }]) });
    expect(await ask.send(prepared.askId)).toMatchObject({ ok: true, claims: [{ status: 'supported' }] });
    expect(chatBodies()).toHaveLength(2);
  });

  it('answers a prepared set once: a second Send, during the first or after it, spends nothing again', async () => {
    const ask = asking();
    const prepared = ask.prepare('travel budget');
    const cited = prepared.rows.find((row) => row.text.includes('travel budget'))!;
    fake.chat.next({ reply: answer([{ text: 'The travel budget is cut.', cites: [`T1/${cited.rowId}`] }]) });
    const [first, second] = await Promise.all([ask.send(prepared.askId), ask.send(prepared.askId)]);
    expect(first).toMatchObject({ ok: true, claims: [{ text: 'The travel budget is cut.' }] });
    expect(second).toEqual(first);
    expect(await ask.send(prepared.askId)).toEqual(first);
    expect(chatBodies()).toHaveLength(1);
  });

  it('lets a set whose request failed be sent again (Retry)', async () => {
    const ask = asking();
    const prepared = ask.prepare('travel budget');
    fake.chat.next({ status: 500 });
    expect(await ask.send(prepared.askId)).toMatchObject({ ok: false, failure: { kind: 'server' } });
    expect((await ask.send(prepared.askId)).ok).toBe(true);
    expect(chatBodies()).toHaveLength(2);
  });

  it('never retrieves rows of a transcript the user kept out, even one prepared before', async () => {
    const ask = asking();
    store.transcripts.setAskExcluded('budget', true);
    expect(store.transcripts.list().find((t) => t.id === 'budget')!.askExcluded).toBe(true);
    expect(ask.prepare('travel budget').rows).toEqual([]);

    store.transcripts.setAskExcluded('budget', false);
    const prepared = ask.prepare('travel budget');
    expect(prepared.rows.length).toBeGreaterThan(0);
    store.transcripts.setAskExcluded('budget', true);
    // Its rows were all there was to send: nothing is sent at all.
    expect(await ask.send(prepared.askId)).toEqual({ ok: true, cutOff: false, claims: [] });
    expect(chatBodies()).toEqual([]);
  });

  it('sends at most the cap, the best hits first, with the rows around them', () => {
    const many = Array.from({ length: 300 }, (_, i) => `Point ${i} about the budget.`).join(' ');
    keep('long', many, 4000);
    const ask = asking();
    const capped = ask.prepare('budget');
    expect(capped.rows.length).toBe(60);
    expect(asking(7).prepare('budget').rows.length).toBe(7);

    // A hit brings the rows before and after it: the budget row's neighbours in its meeting.
    const all = store.transcripts.rows.rowsOf('budget');
    const at = all.findIndex((row) => row.text.includes('travel'));
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(all.length - 1);
    const single = asking(60).prepare('travel');
    expect(single.rows.map((row) => row.rowId)).toEqual(all.slice(at - 1, at + 2).map((row) => row.rowId));
  });

  it('finds a Chinese word in a row written without spaces', () => {
    keep('zh', '大家好。我们讨论了明年的预算。下次再见。', 5000);
    const prepared = asking().prepare('预算是多少？');
    expect(prepared.sources.map((source) => source.transcriptId)).toEqual(['zh']);
  });
});
