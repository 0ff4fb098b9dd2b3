import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { TranscriptRecord } from '../../shared/contract/transcription';
import { subtitleRulesSchema } from '../../shared/domain/transcript';
import { createHistoryStore } from '../../electron/core/services/history/history-store';
import { createTranscriptEditor } from '../../electron/core/services/transcript-editor/editor-service';
import { cuesFromWords, formatSrt } from '../../electron/core/services/subtitles';
import { editedSubtitles } from '../../electron/core/services/transcript-export/subtitles';
import { launchChromium } from '../support/browser';
import { startWebApp, type WebApp } from '../support/web-app';
import { speech } from './subtitles.bench';
import { ms, seededRandom } from './text';
import { editNow } from '../support/editor-intents';

const WORDS = 13_000;
const NAME = 'Kowalski';
const MATCHES = 500;

/** A two-hour transcript (13,000 words) in which one name is said 500 times. */
function twoHours(): TranscriptRecord {
  const words = speech(WORDS);
  const random = seededRandom(3);
  const at = new Set<number>();
  while (at.size < MATCHES) at.add(Math.floor(random() * WORDS));
  for (const i of at) words[i] = { ...words[i]!, word: ` ${NAME}` };
  const text = words.map((word) => word.word).join('').trim();
  const duration = words.at(-1)!.end + 2;
  return {
    id: 'bench',
    fileName: 'two hours.mp3',
    createdAt: Date.now(),
    request: { model: 'speech-1', language: '', prompt: '', responseFormat: 'verbose_json', granularities: ['word'] },
    transcript: { format: 'verbose_json', text, raw: JSON.stringify({ text, words, duration }), language: 'en', duration, segments: [], words },
  };
}

function median(run: () => void, times = 9): number {
  run();
  const taken = Array.from({ length: times }, () => {
    const started = performance.now();
    run();
    return performance.now() - started;
  });
  return taken.sort((a, b) => a - b)[Math.floor(times / 2)]!;
}

/**
 * Issue 15's figures. In main (node): opening the document, Replace all of a name said 500
 * times (one transaction, a compact patch), SRT/VTT from the edited transcript. In
 * Debian's Chromium against the web harness: opening the editor on the 13,000 words, and
 * long tasks while typing in it.
 */
export async function editorBench(): Promise<string[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'confab-bench-editor-'));
  const lines = [`editor: load average ${loadavg()[0]!.toFixed(1)} at the start`];
  let app: WebApp | undefined;
  let browser: Browser | undefined;
  try {
    const store = createHistoryStore(join(dataDir, 'history.sqlite'));
    store.transcripts.put(twoHours(), null);
    const editor = createTranscriptEditor({ history: store });
    let started = performance.now();
    const opened = editor.open('bench');
    const openMs = performance.now() - started;
    const patchChars = (result: ReturnType<typeof editNow>) => JSON.stringify(result.patch).length;
    // The version is read outside the timings: the page has it already when it sends an intent.
    let base = opened.version;
    started = performance.now();
    const replaced = editNow(editor, 'bench', { type: 'replaceAll', find: NAME, replace: 'Kovalsky', caseSensitive: true, wholeWord: true }, base);
    base = replaced.version;
    const replaceMs = performance.now() - started;
    const ranges = replaced.patch.ranges.length;
    // The first Replace all above runs cold (its code not yet optimised); then the name goes
    // back and forth, an even number of times so that the page below still finds it after Undo.
    const warm = Array.from({ length: 8 }, (_, i) => {
      const [find, replace] = i % 2 ? [NAME, 'Kovalsky'] : ['Kovalsky', NAME];
      const at = performance.now();
      base = editNow(editor, 'bench', { type: 'replaceAll', find, replace, caseSensitive: true, wholeWord: true }, base).version;
      return performance.now() - at;
    }).sort((a, b) => a - b);
    const options = { rules: subtitleRulesSchema.parse({}), speakerPrefix: true, timestamps: false };
    const edited = editor.current('bench').document;
    const srt = median(() => editedSubtitles(edited, 'srt', options, opened.duration));
    const vtt = median(() => editedSubtitles(edited, 'vtt', options, opened.duration));
    // The plain subtitles of the service's words, in the same run: what the load costs every writer.
    const words = twoHours().transcript.words;
    const plain = median(() => formatSrt(cuesFromWords(words, options.rules, opened.duration)));
    editor.undo('bench');
    store.close();
    lines.push(
      `editor: main opens the ${WORDS.toLocaleString('en')}-word document (${opened.document.blocks.length.toLocaleString('en')} rows) in ${ms(openMs)}`,
      `editor: Replace all of a name with ${MATCHES} matches in main ${ms(replaceMs)} the first time, then median ${ms(warm[4]!)} (slowest ${ms(warm.at(-1)!)}) over 8 more, each saved in one transaction; patch ${ranges} rows, ${(patchChars(replaced) / 1024).toFixed(0)} KB (target < 100 ms)`,
      `editor: SRT from the edited ${WORDS.toLocaleString('en')} words ${ms(srt)}, VTT ${ms(vtt)} (target < 50 ms); the unedited SRT writer on the same words ${ms(plain)} in this run`,
    );

    app = await startWebApp({ APP_DATA_DIR: dataDir });
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    await context.addInitScript(() => {
      const tasks: Array<{ start: number; duration: number }> = [];
      (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(app.url);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'two hours.mp3' }).click();
    // The result view loads the whole service result first (not what is measured here).
    await page.getByRole('button', { name: 'Edit transcript' }).waitFor({ timeout: 60_000 });

    // From the click on Edit transcript to the first row on screen, in the page's own clock,
    // split where the editor's screen mounts: before that the result view (its own 13,000
    // word buttons) is taken down, after it the editor asks main and renders.
    const shown = page.evaluate(
      () =>
        new Promise<{ mounted: number; rows: number }>((resolve) => {
          let clicked = 0;
          let mounted = 0;
          document.addEventListener('click', () => (clicked ||= performance.now()), { capture: true });
          const observer = new MutationObserver(() => {
            if (clicked && !mounted && document.getElementById('editor-heading')) mounted = performance.now();
            if (clicked && document.querySelector('[data-row="0"]')) {
              observer.disconnect();
              const now = performance.now();
              resolve({ mounted: (mounted || now) - clicked, rows: now - (mounted || now) });
            }
          });
          observer.observe(document.body, { subtree: true, childList: true });
        }),
    );
    await page.getByRole('button', { name: 'Edit transcript' }).click();
    const openUi = await shown;
    lines.push(
      `editor: Edit transcript click → the first of ${opened.document.blocks.length.toLocaleString('en')} rows on screen in ${ms(openUi.mounted + openUi.rows)} (target < 300 ms): the result view taken down and the editor mounted ${ms(openUi.mounted)}, then main's document fetched and rows rendered ${ms(openUi.rows)}`,
    );

    // Typing in a row: 200 characters at one per 30 ms, long tasks counted in the page.
    await page.getByRole('button', { name: /^Row 3: / }).focus();
    const typing = page.getByRole('textbox', { name: 'Row 3 text' });
    await typing.press('End');
    const from = await page.evaluate(() => performance.now());
    await typing.pressSequentially(' and then the committee said so'.repeat(7).slice(0, 200), { delay: 30 });
    const to = await page.evaluate(() => performance.now());
    const long = await page.evaluate(
      ([a, b]) => (window as unknown as { __longTasks: Array<{ start: number; duration: number }> }).__longTasks.filter((task) => task.start + task.duration > a! && task.start < b!),
      [from, to],
    );
    const longest = Math.max(0, ...long.map((task) => task.duration));
    lines.push(`editor: typing 200 characters: ${long.length} main-thread tasks over 50 ms${long.length ? ` (longest ${ms(longest)})` : ''} (target 0)`);

    // Replace all from the page: the click until the count says no match is left.
    await page.keyboard.press('Control+f');
    await page.getByRole('textbox', { name: 'Find', exact: true }).fill(NAME);
    await page.getByRole('checkbox', { name: 'Whole words' }).check();
    await page.getByRole('status').getByText(`1 of ${MATCHES}`).waitFor();
    await page.getByRole('textbox', { name: 'Replace with' }).fill('Kovalsky');
    const clickedAt = Date.now();
    await page.getByRole('button', { name: 'Replace all' }).click();
    await page.getByRole('status').getByText('No matches').waitFor();
    lines.push(`editor: Replace all of ${MATCHES} matches from the page, click → every row updated ${ms(Date.now() - clickedAt)} (bridge and Playwright round trips included)`);
  } finally {
    await browser?.close();
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return lines;
}
