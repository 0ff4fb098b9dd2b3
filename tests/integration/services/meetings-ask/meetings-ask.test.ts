import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHistoryStore, type HistoryStore } from '../../../../electron/core/services/history/history-store';
import { createMeetingsAsk, type ModelAnswer } from '../../../../electron/core/services/meetings-ask/meetings-ask';
import type { ChatOptions, WireMessage } from '../../../../shared/domain/chat';
import { DEFAULT_CHAT_OPTIONS } from '../../../../shared/domain/chat';
import { removeFolder } from '../../../support/temp-folder';
import { spokenRecord } from '../../../support/spoken-record';

let dir: string;
let store: HistoryStore;
beforeEach(async () => {
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

/** The service under test with a model that records what it was sent and answers `reply`. */
function asking(reply: (messages: WireMessage[]) => string, cap?: number) {
  const sent: WireMessage[][] = [];
  const ask = createMeetingsAsk({
    rows: store.transcripts.rows,
    transcripts: () => store.transcripts.list(),
    complete: async (messages: WireMessage[], _options: ChatOptions): Promise<ModelAnswer> => {
      sent.push(messages);
      return { ok: true, text: reply(messages) };
    },
    cap,
  });
  return { ask, sent };
}

describe('Ask across meetings', () => {
  beforeEach(() => {
    keep('budget', MEETINGS.budget, 1000);
    keep('hiring', MEETINGS.hiring, 2000);
    keep('roadmap', MEETINGS.roadmap, 3000);
  });

  it('retrieves the rows of the meeting that holds the answer, among three, and sends only those', async () => {
    const { ask, sent } = asking(() => 'The travel budget is cut by ten percent [T1/1].');
    const prepared = ask.prepare('What did we decide about the travel budget?');
    expect(prepared.sources.map((source) => source.transcriptId)).toEqual(['budget']);
    expect(prepared.rows.some((row) => row.text.includes('travel budget'))).toBe(true);
    expect(prepared.rows.every((row) => row.transcriptId === 'budget')).toBe(true);

    const cited = prepared.rows.find((row) => row.text.includes('travel budget'))!;
    const { ask: citing, sent: sentByCiting } = asking(() => `The travel budget is cut by ten percent [T1/${cited.rowId}].\nA made-up claim [T1/zz].\nAnother [T2/1].`);
    const outcome = await citing.send(citing.prepare('What did we decide about the travel budget?').askId, DEFAULT_CHAT_OPTIONS);
    expect(outcome).toEqual({
      ok: true,
      claims: [
        { text: 'The travel budget is cut by ten percent.', cites: [{ transcriptId: 'budget', rowId: cited.rowId, startMs: cited.startMs }] },
        // A row that was not sent, or a transcript that was not, is no citation: shown uncited.
        { text: 'A made-up claim.', cites: [] },
        { text: 'Another.', cites: [] },
      ],
    });
    // The request holds the question and the retrieved rows, and no row of another meeting.
    const system = sentByCiting[0]![0]!.content;
    expect(sentByCiting[0]![1]).toEqual({ role: 'user', content: 'What did we decide about the travel budget?' });
    for (const row of prepared.rows) expect(system).toContain(`[T1/${row.rowId}]`);
    expect(system).toContain('"budget.mp3"');
    expect(system).not.toMatch(/engineers|Version two|hiring\.mp3|roadmap\.mp3/);
    expect(sent).toEqual([]);
  });

  it('never retrieves rows of a transcript the user kept out, even one prepared before', async () => {
    const { ask, sent } = asking(() => 'Nothing.');
    store.transcripts.setAskExcluded('budget', true);
    expect(store.transcripts.list().find((t) => t.id === 'budget')!.askExcluded).toBe(true);
    expect(ask.prepare('travel budget').rows).toEqual([]);

    store.transcripts.setAskExcluded('budget', false);
    const prepared = ask.prepare('travel budget');
    expect(prepared.rows.length).toBeGreaterThan(0);
    store.transcripts.setAskExcluded('budget', true);
    await ask.send(prepared.askId, DEFAULT_CHAT_OPTIONS);
    expect(sent[0]![0]!.content).not.toContain('travel budget');
  });

  it('sends at most the cap, the best hits first, with the rows around them', () => {
    const many = Array.from({ length: 300 }, (_, i) => `Point ${i} about the budget.`).join(' ');
    keep('long', many, 4000);
    const { ask } = asking(() => '');
    const capped = ask.prepare('budget');
    expect(capped.rows.length).toBe(60);
    expect(asking(() => '', 7).ask.prepare('budget').rows.length).toBe(7);

    // A hit brings the rows before and after it: the budget row's neighbours in its meeting.
    const all = store.transcripts.rows.rowsOf('budget');
    const at = all.findIndex((row) => row.text.includes('travel'));
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(all.length - 1);
    const single = asking(() => '', 60).ask.prepare('travel');
    expect(single.rows.map((row) => row.rowId)).toEqual(all.slice(at - 1, at + 2).map((row) => row.rowId));
  });

  it('finds a Chinese word in a row written without spaces', () => {
    keep('zh', '大家好。我们讨论了明年的预算。下次再见。', 5000);
    const prepared = asking(() => '').ask.prepare('预算是多少？');
    expect(prepared.sources.map((source) => source.transcriptId)).toEqual(['zh']);
  });
});
