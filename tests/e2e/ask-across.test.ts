import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHistoryStore } from '../../electron/core/services/history/history-store';
import { UNSUPPORTED_CLAIM } from '../fake-service/ask-reply';
import { type FakeService, startFakeService } from '../fake-service/server';
import { type AudioFixtures, audioFixtures } from '../support/audio';
import { launchChromium, screenshot } from '../support/browser';
import { type Session, openSession } from '../support/history-app';
import { spokenRecord } from '../support/spoken-record';
import { removeFolder } from '../support/temp-folder';
import { openTranscribe, playedFrom, resultHeading, shownTranscript, transcriptBox, useKey } from '../support/transcription';

// Ask across meetings: a question over three kept meetings, one of them left out by the user.
// What leaves the machine is on screen before it is sent, the fake receives exactly those rows,
// and the answer's citation opens the meeting it came from at the cited row: highlighted, and
// played from its start (the budget meeting is kept with its recording).

let browser: Browser;
let fake: FakeService;
let s: Session;
let seeded: string;
let audio: AudioFixtures;
/** The budget meeting's rows as main indexed them: ids, starts and text. */
let budgetRows: Array<{ rowId: string; startMs: number | null; text: string }>;

const DAY = 86_400_000;
const OCTOBER = Date.UTC(2026, 9, 14, 10);
const MEETINGS = [
  {
    id: 'budget',
    fileName: 'october-review.mp3',
    createdAt: OCTOBER,
    said: 'Good morning everyone, and welcome to the October review of our numbers. Sales grew in October, mostly in the north. We decided to cut the travel budget by ten percent. Anna will tell finance on Friday, and then we break for lunch together.',
  },
  {
    id: 'hiring',
    fileName: 'hiring-sync.mp3',
    createdAt: OCTOBER + DAY,
    said: 'Hello team. Recruiting is slow this quarter. We will hire two engineers in March. Interviews start next week. Thanks all.',
  },
  {
    // Mentions the budget too, but the user keeps it out: none of its rows may be sent.
    id: 'board',
    fileName: 'board-private.mp3',
    createdAt: OCTOBER + 2 * DAY,
    said: 'This is confidential. The board discussed the travel budget and salaries in private. Nothing here leaves the room.',
  },
];

async function seededDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'confab-ask-'));
  const store = createHistoryStore(join(dir, 'history.sqlite'));
  // The words are timed half a second apart (spokenRecord): the recording is padded to outlast them.
  const [budget] = MEETINGS;
  const recording = await audio.pad(await audio.speak('ask-budget.wav', budget!.said), 'ask-budget-padded.wav', 30);
  const duration = await audio.duration(recording);
  for (const meeting of MEETINGS) {
    const kept = meeting === budget ? { duration, recording } : { duration: undefined, recording: null };
    store.transcripts.put({ ...spokenRecord(meeting.id, meeting.said, kept.duration), fileName: meeting.fileName, createdAt: meeting.createdAt }, kept.recording);
  }
  budgetRows = store.transcripts.rows.rowsOf('budget').map(({ rowId, startMs, text }) => ({ rowId, startMs, text }));
  store.close();
  return dir;
}

beforeAll(async () => {
  fake = await startFakeService();
  audio = await audioFixtures();
  browser = await launchChromium();
  seeded = await seededDataDir();
  s = await openSession(browser, { APP_BASE_URL: fake.baseUrl, APP_DATA_DIR: seeded });
});

afterAll(async () => {
  await s?.close();
  await browser?.close();
  await fake?.close();
  await audio?.close();
  if (seeded) await removeFolder(seeded);
});

const askSection = () => s.page.getByRole('region', { name: 'Ask across meetings' });
const outgoing = () => s.page.getByRole('region', { name: 'What leaves this machine' });
const answerList = () => askSection().getByRole('list', { name: 'Answer' });
const QUESTION = 'What did we decide about the travel budget?';
/** Chat requests of Ask across meetings (Settings' key check sends one of its own). */
const askRequests = () =>
  fake.requests.filter((r) => r.path.startsWith('/v1/chat/completions') && JSON.stringify(r.body).includes('excerpts of their meeting transcripts'));

/** Each test's own start: the board meeting left out (its box named for it), the question asked, its rows found. */
async function findRows() {
  const { page } = s;
  await openTranscribe(page);
  const boardBox = page.getByRole('checkbox', { name: 'Leave board-private.mp3 out of Ask across meetings' });
  await boardBox.check();
  await expect.poll(() => boardBox.isChecked()).toBe(true);
  await askSection().getByRole('textbox', { name: 'Question about your meetings' }).fill(QUESTION);
  await askSection().getByRole('button', { name: 'Find' }).click();
  await outgoing().getByText(QUESTION).waitFor();
}

/** Finds the rows and sends them: the answer on screen. */
async function askAndAnswer() {
  await findRows();
  await askSection().getByRole('button', { name: 'Send' }).click();
  await answerList().getByText(/^The meeting says: .*travel budget/).waitFor();
}

describe('Ask across meetings', () => {
  beforeAll(async () => {
    await useKey(s.page, fake.keys.free);
  });

  it('shows what would leave the machine before sending: the question, the rows, their meetings; none of a meeting left out', async () => {
    const { page } = s;
    const before = askRequests().length;
    await findRows();
    // Every meeting's box is named for its meeting.
    for (const meeting of MEETINGS) await page.getByRole('checkbox', { name: `Leave ${meeting.fileName} out of Ask across meetings` }).waitFor();
    expect(await outgoing().getByText('october-review.mp3', { exact: true }).count()).toBe(1);
    expect(await outgoing().innerText()).not.toContain('board-private.mp3');
    await outgoing().getByText(/^Show the rows/).click();
    await outgoing().getByText('We decided to cut the travel budget by ten percent.', { exact: false }).waitFor();
    expect(askRequests()).toHaveLength(before);
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'ask-across-outgoing-800');
  });

  it('sends only the rows shown, and cites the meeting that holds the answer; a made-up row is shown uncited, an unsupported claim so', async () => {
    const { page } = s;
    await page.setViewportSize({ width: 800, height: 600 });
    await findRows();
    await outgoing().getByText(/^Show the rows/).click();
    const shownRows = await outgoing().getByRole('listitem').filter({ hasNot: page.locator('time') }).allInnerTexts();
    const before = askRequests().length;
    await askSection().getByRole('button', { name: 'Send' }).click();
    const answer = answerList();
    await answer.getByText(/^The meeting says: .*travel budget/).waitFor();

    // The request: the question, and as rows exactly those the page listed, none of the meeting left out.
    expect(askRequests()).toHaveLength(before + 1);
    const messages = (askRequests().at(-1)!.body as { messages: Array<{ role: string; content: string }> }).messages;
    expect(messages.at(-1)).toEqual({ role: 'user', content: QUESTION });
    const prompt = messages.find((message) => message.content.includes('excerpts of their meeting transcripts'))!.content;
    const sentRows = prompt.split('\n').filter((line) => line.startsWith('[T'));
    expect(sentRows).toHaveLength(shownRows.length);
    for (const row of shownRows) expect(sentRows.some((line) => line.endsWith(row.replace(/^october-review\.mp3( · \d+:\d\d)? /, '')))).toBe(true);
    expect(prompt).not.toMatch(/confidential|board|salaries|engineers/i);

    const supported = answer.getByRole('listitem').filter({ hasText: 'The meeting says' });
    const cite = supported.getByRole('button', { name: /^october-review\.mp3 · \d+:\d\d$/ });
    expect(await cite.count()).toBe(1);
    expect(await supported.getByText('not supported by the cited rows').count()).toBe(0);
    await answer.getByText('uncited: names no row that was sent').waitFor();
    // The fake's claim about bananas cites the budget row, which does not say it.
    await answer.getByRole('listitem').filter({ hasText: UNSUPPORTED_CLAIM }).getByText('not supported by the cited rows').waitFor();
    await answer.scrollIntoViewIfNeeded();
    await screenshot(page, 'ask-across-answer-800');
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'ask-across-answer-1440');

    // The cited row is the one the fake's claim quotes: the meeting opens on it, highlighted, playing from its start.
    const claim = await supported.first().innerText();
    const cited = budgetRows.find((each) => each.text && claim.includes(each.text))!;
    expect(cited.text).toContain('travel budget');
    expect(cited.startMs).toBeGreaterThan(1000);
    const at = await playedFrom(page, () => cite.click());
    await resultHeading(page, 'october-review.mp3').waitFor();
    await expect.poll(() => shownTranscript(page)).toContain('We decided to cut the travel budget by ten percent.');
    await expect.poll(() => transcriptBox(page).locator('mark[data-row-id]').evaluateAll((marks) => marks.map((mark) => (mark as HTMLElement).dataset.rowId))).toEqual([cited.rowId]);
    expect(Math.abs(at - cited.startMs! / 1000)).toBeLessThanOrEqual(0.1);
  });

  it('Stop cuts an answer being awaited: the page says so, shows nothing of it, and Send again asks anew', async () => {
    const { page } = s;
    await findRows();
    // An answer slow to come: Stop ends the wait long before it would.
    fake.chat.next({ latencyMs: 60_000 });
    const before = askRequests().length;
    await askSection().getByRole('button', { name: 'Send' }).click();
    await askSection().getByRole('status').filter({ hasText: 'Waiting for the answer' }).waitFor();
    await expect.poll(() => askRequests().length).toBe(before + 1);
    await askSection().getByRole('button', { name: 'Stop' }).click();
    await askSection().getByRole('status').filter({ hasText: 'Stopped. Nothing of that answer was kept.' }).waitFor();
    expect(await answerList().count()).toBe(0);
    await page.setViewportSize({ width: 800, height: 600 });
    await askSection().scrollIntoViewIfNeeded();
    await screenshot(page, 'ask-across-stopped-800');

    await askSection().getByRole('button', { name: 'Send again' }).click();
    await answerList().getByText(/^The meeting says: .*travel budget/).waitFor();
    expect(askRequests()).toHaveLength(before + 2);
  });

  it('keeps the question and the answer when the user comes back to the list', async () => {
    const { page } = s;
    await askAndAnswer();
    await answerList().getByRole('button', { name: /^october-review\.mp3/ }).first().click();
    await resultHeading(page, 'october-review.mp3').waitFor();
    await openTranscribe(page);
    await answerList().getByText(/^The meeting says/).waitFor();
    expect(await askSection().getByRole('textbox', { name: 'Question about your meetings' }).inputValue()).toBe(QUESTION);
  });
});
