import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHistoryStore } from '../../electron/core/services/history/history-store';
import { originalDocument } from '../../electron/core/services/transcript-editor/original';
import type { TranscriptRecord } from '../../shared/contract/transcription';
import { launchChromium, screenshot } from '../support/browser';
import { type Session, openSession } from '../support/history-app';
import { longMeeting } from '../support/spoken-record';
import { caretAt, editRow, exportEdited, ffmpegText, row, rowsText, savedDocument } from '../support/transcript-editor';
import { sidebar } from '../support/transcription';

// The editor in every script and on a long transcript by keyboard: a Chinese transcript reads,
// is searched, edited, split and exported without spaces between its characters; on 2,000 rows
// the row being edited keeps the focus and its caret while the list scrolls away and back, and
// the list says how many rows there are and where each stands.

/** Chinese as a service sends it: tokens of one or more characters, no spaces, a token every half second. */
const TOKENS = ['我们', '的', '预算', '很', '重要', '。', '会议', '在', '明天', '。'];
const CJK_SPACE_CJK = /[\p{scx=Han}。][ \t]+[\p{scx=Han}。]/u;

function chineseRecord(): TranscriptRecord {
  const words = TOKENS.map((word, i) => ({ word, start: i * 0.5, end: i * 0.5 + 0.4 }));
  const text = TOKENS.join('');
  return {
    id: 'budget-zh',
    fileName: 'budget-zh.mp3',
    createdAt: Date.now(),
    request: { model: 'speech-1', language: 'zh', prompt: '', responseFormat: 'verbose_json', granularities: ['word'] },
    transcript: { format: 'verbose_json', text, raw: JSON.stringify({ text, words }), language: 'zh', duration: 6, segments: [], words },
  };
}

const LONG = { ...longMeeting('long', 2.25), fileName: 'long.mp3', createdAt: Date.now() - 1000 };
const ROWS = originalDocument(LONG.transcript).blocks.length;

let browser: Browser;
let dataDir: string;
let s: Session;

async function openTheEditor(page: Page, fileName: string) {
  await sidebar(page).getByRole('button', { name: fileName }).click();
  // A 2-hour transcript's page shows its 18,000 words before the button is there.
  await page.getByRole('button', { name: 'Edit transcript' }).click({ timeout: 60_000 });
  await page.getByRole('heading', { name: `Edit: ${fileName}` }).waitFor();
}

const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);
const caret = (page: Page) => page.evaluate(() => (document.activeElement as HTMLTextAreaElement).selectionStart);
const list = (page: Page) => page.getByRole('list', { name: /^long\.mp3: / });
/** The rows the list has mounted, as a screen reader counts them: [position, set size]. */
const mountedItems = (items: Locator) =>
  items.evaluateAll((elements) => elements.map((element) => [Number(element.getAttribute('aria-posinset')), Number(element.getAttribute('aria-setsize'))]));

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'confab-scripts-'));
  const store = createHistoryStore(join(dataDir, 'history.sqlite'));
  store.transcripts.put(LONG, null);
  store.transcripts.put(chineseRecord(), null);
  store.close();
  browser = await launchChromium();
  s = await openSession(browser, { APP_DATA_DIR: dataDir });
}, 120_000);

afterAll(async () => {
  await s?.close();
  await browser?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a Chinese transcript in the editor', () => {
  it('reads, finds, edits, splits and exports its characters unspaced', async () => {
    const { page } = s;
    await openTheEditor(page, 'budget-zh.mp3');
    await expect.poll(() => rowsText(page)).toContain('我们的预算很重要。');
    expect(await rowsText(page)).not.toMatch(CJK_SPACE_CJK);

    // Find a phrase across the service's tokens.
    await page.keyboard.press('Control+f');
    await page.getByRole('textbox', { name: 'Find', exact: true }).fill('的预算');
    await page.getByRole('search').getByRole('status').getByText('1 of 1').waitFor();
    await page.getByRole('textbox', { name: 'Find', exact: true }).press('Escape');

    // One character corrected: only it is re-timed; the row reads as typed.
    await editRow(page, 1);
    expect(await row(page, 1).inputValue()).toBe('我们的预算很重要。会议在明天。');
    await row(page, 1).fill('我们的决算很重要。会议在明天。');
    await expect.poll(() => savedDocument(dataDir)?.blocks[0]?.words.join('')).toBe('我们的决算很重要。会议在明天。');
    const words = savedDocument(dataDir)!.blocks[0]!;
    const at = words.words.indexOf('决');
    expect(words.times!.slice(at * 2, at * 2 + 2)).toEqual([1000, 1200]);

    // A split between two characters of one token.
    await caretAt(page, 1, '要');
    await page.keyboard.press('Enter');
    await row(page, 2).waitFor();
    expect(await row(page, 2).inputValue()).toBe('要。会议在明天。');
    await expect.poll(() => savedDocument(dataDir)?.blocks.length).toBe(2);
    await screenshot(page, 'editor-scripts-chinese');

    await page.getByText('Export the edited transcript').click();
    const srt = await exportEdited(page, 'SRT');
    const cues = (await ffmpegText(srt.path)).replace(/^WEBVTT[\s\S]*?\n\n/, '');
    const lines = cues.split('\n').filter((line) => line && !line.includes('-->'));
    expect(lines.join('')).toBe('我们的决算很重要。会议在明天。');
    for (const line of lines) expect(line).not.toMatch(CJK_SPACE_CJK);
    const txt = await exportEdited(page, 'Text');
    expect(txt.text).toContain('我们的决算很重要。会议在明天。');
    expect(txt.text).not.toMatch(CJK_SPACE_CJK);
  });
});

describe(`a long transcript (${ROWS} rows) by keyboard and screen reader`, () => {
  it('names the list with the transcript and its row count, each row with its place', async () => {
    const { page } = s;
    expect(ROWS).toBeGreaterThanOrEqual(2000);
    await openTheEditor(page, 'long.mp3');
    await list(page).waitFor();
    expect(await list(page).getAttribute('aria-label')).toBe(`long.mp3: ${ROWS.toLocaleString('en')} rows`);
    const first = await mountedItems(list(page).getByRole('listitem'));
    expect(first[0]).toEqual([1, ROWS]);
    first.forEach(([position, size], i) => expect([position, size]).toEqual([i + 1, ROWS]));
  }, 120_000);

  it('keeps the focus and the caret in the row being edited while PageDown scrolls it out of view, and typing brings it back', async () => {
    const { page } = s;
    await caretAt(page, 3, 'reviewed');
    await row(page, 3).focus();
    const offset = await caret(page);
    for (let i = 0; i < 4; i++) await page.keyboard.press('PageDown');
    // Row 3 is no longer on screen: the list shows rows further on, and the focus stayed.
    await expect.poll(async () => (await mountedItems(list(page).getByRole('listitem')))[0]?.[0]).toBeGreaterThan(20);
    expect(await page.locator('.ed-row[data-row="2"]').count()).toBe(0);
    expect(await focused(page)).toBe('Row 3 text');
    expect(await caret(page)).toBe(offset);
    const items = await mountedItems(list(page).getByRole('listitem'));
    items.forEach(([position, size], i) => expect([position, size]).toEqual([items[0]![0] + i, ROWS]));

    await page.keyboard.type('duly ');
    await page.locator('.ed-row[data-row="2"]').waitFor();
    expect(await row(page, 3).inputValue()).toBe('Topic 3 was duly reviewed by the planning group.');
    expect(await focused(page)).toBe('Row 3 text');
    await expect.poll(() => savedDocument(dataDir)?.blocks[2]?.words.join(' ')).toBe('Topic 3 was duly reviewed by the planning group.');
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'editor-scripts-long-800');
    await page.setViewportSize(size);
    expect(await focused(page)).toBe('Row 3 text');
  });

  it('keeps the focus while the mouse scrolls far away, and an arrow key brings the row back with the caret moved', async () => {
    const { page } = s;
    const offset = await caret(page);
    const scroller = page.getByRole('region', { name: 'Transcript rows' });
    await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect.poll(async () => (await mountedItems(list(page).getByRole('listitem'))).at(-1)).toEqual([ROWS, ROWS]);
    expect(await focused(page)).toBe('Row 3 text');
    await screenshot(page, 'editor-scripts-long-end');
    await page.keyboard.press('ArrowRight');
    await page.locator('.ed-row[data-row="2"]').waitFor();
    expect(await focused(page)).toBe('Row 3 text');
    expect(await caret(page)).toBe(offset + 1);
  });

  it('moves the focus to the list, never to the page, when a focused row part scrolls away', async () => {
    const { page } = s;
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => focused(page)).toBe('Row 4 text');
    const play = page.getByRole('button', { name: /^Play row 5 from/ });
    await play.focus();
    expect(await focused(page)).toBe('BUTTON');
    const scroller = page.getByRole('region', { name: 'Transcript rows' });
    // Scrolled away as a user would, again while the list still settles on the row it brought into view.
    await expect
      .poll(async () => {
        await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight / 2 }));
        return play.count();
      })
      .toBe(0);
    await expect.poll(() => focused(page)).toBe('Transcript rows');
  });
});
