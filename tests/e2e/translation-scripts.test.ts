import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eastAsianWidth } from 'get-east-asian-width';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHistoryStore } from '../../electron/core/services/history/history-store';
import type { TranscriptRecord } from '../../shared/contract/transcription';
import { type FakeService, startFakeService } from '../fake-service/server';
import { launchChromium, screenshot } from '../support/browser';
import { type Session, openSession } from '../support/history-app';
import { exportFromPanel, ffmpegCues, invisible, packageCues, timingFaults } from '../support/translated-subtitles';
import { resultHeading, sidebar, useKey } from '../support/transcription';

// Translations into scripts that need more than Latin rules, through the page against the fake
// (which "translates" a row as its language code before the row's text): Japanese lines held to
// their width in columns, Arabic shown right to left and exported in logical order with a mark
// before a line that starts with a neutral or Latin character, model text holding <b> and -->
// exported so no parser reads markup or a cue break, and a blank edit refused with the wording kept.

const RLM = '\u200f';
/** A row of the model's text that SubRip would read as bold and as a cue break. */
const MARKUP = ['<b>重要</b>な', '点は', '-->', '3つ', 'あります。'];
const TOKYO = [
  ['本日の', '会議では、', '来年度の', '予算案と', '新しい', '採用計画について', '詳しく', '話し合いました。', '次回は', '営業部の', '皆さんにも', '参加していただき、', '具体的な', '数字を', '確認する', '予定です。'],
  ['はい。'],
  MARKUP,
  ['田中さんが', '金曜日までに', '資料を', '用意します。'],
];
const CAIRO = [
  ['عقدنا', 'الاجتماع', 'يوم', 'الاثنين', 'في', 'المكتب', 'الرئيسي'],
  ['حضر', 'ثلاثة', 'أشخاص', 'من', 'فريق', 'التصميم', 'وناقشوا', 'الميزانية', 'الجديدة', 'للمشروع', 'بالتفصيل', 'الكامل'],
  ['سنلتقي', 'مرة', 'أخرى', 'يوم', 'الخميس'],
];

/** A transcript said in `language`: each sentence's words 0.6 s apart, a 1.5 s pause between sentences. */
function saidIn(id: string, fileName: string, language: string, sentences: string[][]): TranscriptRecord {
  const spaced = language !== 'ja';
  let time = 0;
  const words = sentences.flatMap((sentence) => {
    const said = sentence.map((word) => ({ word: spaced ? ` ${word}` : word, start: time, end: (time += 0.6) - 0.1 }));
    time += 1.5;
    return said;
  });
  const text = words.map((word) => word.word).join('').trim();
  return {
    id,
    fileName,
    createdAt: Date.now(),
    request: { model: 'speech-1', language, prompt: '', responseFormat: 'verbose_json', granularities: ['word'] },
    transcript: { format: 'verbose_json', text, raw: JSON.stringify({ text, words }), language, duration: time, segments: [], words },
  };
}

let fake: FakeService;
let browser: Browser;
let s: Session;
let dataDir: string;
type Row = { rowId: string; startMs: number | null; endMs: number | null; text: string };
const rows: Record<string, Row[]> = {};

const panel = (page: Page) => page.getByRole('region', { name: 'Translations' });
const sideBySide = (page: Page) => panel(page).getByRole('list', { name: 'Original and translated rows' });

beforeAll(async () => {
  fake = await startFakeService({ defaultIntervalMs: 0 });
  dataDir = await mkdtemp(join(tmpdir(), 'confab-translation-scripts-'));
  const store = createHistoryStore(join(dataDir, 'history.sqlite'));
  for (const [id, fileName, language, sentences] of [
    ['tokyo', 'tokyo.mp3', 'ja', TOKYO],
    ['cairo', 'cairo.mp3', 'ar', CAIRO],
  ] as const) {
    store.transcripts.put(saidIn(id, fileName, language, sentences), null);
    rows[id] = store.transcripts.rows.rowsOf(id).map(({ rowId, startMs, endMs, text }) => ({ rowId, startMs, endMs, text }));
  }
  store.close();
  browser = await launchChromium();
  s = await openSession(browser, { APP_BASE_URL: fake.baseUrl, APP_DATA_DIR: dataDir });
  await useKey(s.page, fake.keys.free);
});

afterAll(async () => {
  await s?.close();
  await browser?.close();
  await fake?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Opens the transcript, translates it into `language` (picked by typing `typed`) and waits until every row is translated. */
async function translate(page: Page, fileName: string, typed: string, language: string, count: number) {
  await sidebar(page).getByRole('button', { name: fileName }).click();
  await resultHeading(page, fileName).waitFor();
  await panel(page).getByRole('combobox', { name: 'Translate into…' }).fill(typed);
  await panel(page).getByRole('option', { name: language, exact: true }).click();
  await panel(page).getByRole('button', { name: 'Start' }).click();
  await panel(page).getByRole('heading', { name: language, level: 3 }).waitFor();
  await panel(page).getByRole('status').filter({ hasText: `Translated: ${count}` }).first().waitFor({ timeout: 30_000 });
}

/** A cue's lines as a player shows them: the WebVTT voice span and the invisible marks left out, its escapes read. */
const shownLines = (text: string) =>
  text.split('\n').map((line) =>
    invisible(line.replace(/^<v [^>]*>/, ''))
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&'),
  );

/** Columns a line takes in a Japanese font, by Unicode's East Asian Width (ambiguous characters wide, as UAX #11 advises for CJK). */
const columns = (line: string) => [...new Intl.Segmenter('ja', { granularity: 'grapheme' }).segment(line)].reduce((sum, { segment }) => sum + eastAsianWidth(segment.codePointAt(0)!, { ambiguousAsWide: true }), 0);

describe('translations into other scripts, exported through the page', () => {
  it('into Japanese: lines at most 26 columns and 2 to a cue, at the rows\' own times, <b> and --> exported as text', async () => {
    const { page } = s;
    const tokyo = rows.tokyo!;
    expect(tokyo.length).toBeGreaterThanOrEqual(4);
    await page.setViewportSize({ width: 1440, height: 900 });
    await translate(page, 'tokyo.mp3', 'japa', 'Japanese', tokyo.length);
    const markupRow = tokyo.find((row) => row.text.includes('<b>'))!;
    await expect.poll(() => sideBySide(page).getByRole('textbox').first().inputValue()).toBe(`ja: ${tokyo[0]!.text}`);
    await panel(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'translation-japanese-1440x900');

    const srt = await exportFromPanel(page, 'SRT');
    const vtt = await exportFromPanel(page, 'VTT');
    expect(srt.fileName).toBe('tokyo.ja.srt');
    expect(vtt.fileName).toBe('tokyo.ja.vtt');
    for (const file of [srt, vtt]) {
      const byFfmpeg = await ffmpegCues(file.path);
      const byPackage = packageCues(file.text);
      expect(timingFaults(byFfmpeg, tokyo)).toEqual([]);
      expect(timingFaults(byPackage, tokyo)).toEqual([]);
      expect(byPackage.map((cue) => [cue.startMs, cue.endMs])).toEqual(byFfmpeg.map((cue) => [cue.startMs, cue.endMs]));
      // The long row needed more than one cue, and no cue more than two lines of 26 columns (13 full-width characters).
      expect(byPackage.length).toBeGreaterThan(tokyo.length);
      for (const cue of byPackage) {
        expect(shownLines(cue.text).length).toBeLessThanOrEqual(2);
        for (const line of shownLines(cue.text)) expect({ line, columns: columns(line) }).toEqual({ line, columns: Math.min(columns(line), 26) });
      }
    }
    // Model text is text: WebVTT escapes it; SubRip has no escapes, so --> becomes an arrow and a
    // joiner after < keeps a player from reading a tag. Both parsers read it back as written.
    expect(vtt.text).toContain('&lt;b&gt;重要&lt;/b&gt;');
    expect(vtt.text).not.toContain('<b>');
    expect(srt.text.split('\n').filter((line) => line.includes('-->') && !/^\d\d:\d\d:\d\d,\d{3} --> /.test(line))).toEqual([]);
    const spoken = (cues: Array<{ text: string; startMs: number }>) =>
      cues
        .filter((cue) => cue.startMs >= markupRow.startMs! && cue.startMs < markupRow.endMs!)
        .map((cue) => invisible(cue.text).replace(/\s+/g, ''))
        .join('');
    expect(spoken(await ffmpegCues(vtt.path))).toBe(`ja:${markupRow.text.replace(/\s+/g, '')}`);
    expect(spoken(await ffmpegCues(srt.path))).toBe(`ja:${markupRow.text.replace(/\s+/g, '').replace('-->', '→')}`);
    expect(spoken(packageCues(srt.text))).toBe(`ja:${markupRow.text.replace(/\s+/g, '').replace('-->', '→')}`);
  });

  it('into Arabic: shown right to left, exported in logical order with a mark before a leading neutral', async () => {
    const { page } = s;
    const cairo = rows.cairo!;
    await translate(page, 'cairo.mp3', 'arab', 'Arabic', cairo.length);
    const fields = sideBySide(page).getByRole('textbox');
    await expect.poll(() => fields.first().inputValue()).toBe(`ar: ${cairo[0]!.text}`);
    for (const field of await fields.all()) expect(await field.getAttribute('dir')).toBe('rtl');
    // A row the user words with a leading digit, a neutral for a player's direction.
    const third = sideBySide(page).getByRole('textbox', { name: 'Translation of row 3' });
    await third.fill('3 أشخاص سيحضرون يوم الخميس');
    await third.press('Enter');
    await sideBySide(page).getByRole('listitem').nth(2).getByText('Edited by you').waitFor();
    await page.setViewportSize({ width: 800, height: 600 });
    await sideBySide(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'translation-arabic-800x600');

    const wording = cairo.map((row, i) => (i === 2 ? '3 أشخاص سيحضرون يوم الخميس' : `ar: ${row.text}`));
    for (const format of ['SRT', 'VTT'] as const) {
      const file = await exportFromPanel(page, format);
      const cues = packageCues(file.text);
      expect(timingFaults(await ffmpegCues(file.path), cairo)).toEqual([]);
      expect(timingFaults(cues, cairo)).toEqual([]);
      // Logical order: each row's cues, marks left out, read back as the row's text as stored (never reversed).
      const perRow = cairo.map((row) =>
        cues
          .filter((cue) => cue.startMs >= row.startMs! && cue.endMs <= row.endMs!)
          .flatMap((cue) => shownLines(cue.text))
          .join(' '),
      );
      expect(perRow).toEqual(wording);
      // The mark before each line that starts with a neutral or a Latin letter, and only there.
      const lines = cues.flatMap((cue) => cue.text.split('\n').map((line) => line.replace(/^<v [^>]*>/, '')));
      expect(lines.filter((line) => !line.startsWith(RLM) && !/^\p{Script=Arabic}/u.test(line))).toEqual([]);
      expect(lines.filter((line) => line.startsWith(RLM) && /^\p{Script=Arabic}/u.test(line.slice(1)))).toEqual([]);
      expect(lines.some((line) => line.startsWith(`${RLM}3 أشخاص`))).toBe(true);
    }
  });

  it('refuses a blank edit of a translated row on the page, keeping the draft with the reason', async () => {
    const { page } = s;
    await page.setViewportSize({ width: 1100, height: 800 });
    const sent: string[] = [];
    page.on('websocket', (socket) => socket.on('framesent', (frame) => void sent.push(String(frame.payload))));
    // The page's socket is open already: reload so the listener sees the one it opens.
    await page.reload();
    await sidebar(page).getByRole('button', { name: 'cairo.mp3' }).click();
    await panel(page).getByRole('button', { name: 'Arabic', exact: true }).click();
    const first = sideBySide(page).getByRole('textbox', { name: 'Translation of row 1' });
    await expect.poll(() => first.inputValue()).toBe(`ar: ${rows.cairo![0]!.text}`);
    await first.fill('   ');
    await first.press('Enter');
    const alert = sideBySide(page).getByRole('alert');
    await alert.getByText('Not saved (your wording is kept here): A translated row cannot be blank: it would leave a gap in the subtitles. Type its wording, or press Escape to keep the saved one.').waitFor();
    expect(await first.inputValue()).toBe('   ');
    expect(await first.getAttribute('aria-invalid')).toBe('true');
    await alert.scrollIntoViewIfNeeded();
    await screenshot(page, 'translation-blank-refused-1100x800');
    // Never sent: main keeps the translation as it was.
    expect(sent.filter((frame) => frame.includes('translation:editRow'))).toEqual([]);
    await first.press('Escape');
    expect(await first.inputValue()).toBe(`ar: ${rows.cairo![0]!.text}`);
    await alert.waitFor({ state: 'detached' });
  });
});
