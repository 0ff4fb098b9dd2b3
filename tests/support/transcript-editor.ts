// Shared steps of the transcript editor journeys (transcript-editor*.test.ts).
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import type { HistoryStore } from '../../electron/core/services/history/history-store';
import { type FakeService, startFakeService } from '../fake-service/server';
import { audioFixtures } from './audio';
import { launchChromium } from './browser';
import { spokenRecord } from './spoken-record';
import { type Session, openSession } from './history-app';

/** What the meeting recording says; the service mishears the name, its words timed over the recording. */
export const SAID = 'Bilal asked Anna about the bridge. Anna said the steel came late.';
export const HEARD = SAID.replace('Bilal', 'Bella');
export const heardWords = () => HEARD.split(' ').map((word, i) => ({ word, start: 0.2 + i * 0.33, end: 0.2 + i * 0.33 + 0.3 }));

/** The journeys' world: the meeting recording spoken, the fake service, and the app in Chromium. */
export interface Meeting {
  s: Session;
  fake: FakeService;
  recording: string;
  duration: number;
  close(): Promise<void>;
}

export async function openMeeting(): Promise<Meeting> {
  const audio = await audioFixtures();
  const recording = await audio.speak('meeting.wav', SAID);
  const duration = await audio.duration(recording);
  const fake = await startFakeService();
  const browser = await launchChromium();
  const s = await openSession(browser, { APP_BASE_URL: fake.baseUrl });
  return {
    s,
    fake,
    recording,
    duration,
    async close() {
      await s.close();
      await browser.close();
      await fake.close();
      await audio.close();
    },
  };
}

/** The edited document as main last saved it, read as another process would, or null. */
export function savedDocument(dataDir: string): { blocks: Array<{ id: string; words: string[]; speaker: string | null; times: number[] | null }>; speakers: Array<{ name: string }> } | null {
  const db = new DatabaseSync(join(dataDir, 'history.sqlite'), { readOnly: true });
  try {
    const row = db.prepare('SELECT document FROM transcript_edits ORDER BY updated_at DESC LIMIT 1').get() as { document: string } | undefined;
    return row ? JSON.parse(row.document) : null;
  } finally {
    db.close();
  }
}

export const savedText = (dataDir: string) =>
  savedDocument(dataDir)
    ?.blocks.map((block) => block.words.join(' '))
    .join(' ') ?? '';

/** The subtitle file as ffmpeg reads it, written back out as WebVTT text. */
export async function ffmpegText(path: string): Promise<string> {
  const { stdout } = await promisify(execFile)('ffmpeg', ['-v', 'error', '-i', path, '-f', 'webvtt', '-']);
  return stdout;
}

/** Clicks an export button of the editor and returns the browser download it starts. */
export async function exportEdited(page: Page, label: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: label, exact: true }).click()]);
  const path = await download.path();
  return { download, path, text: label === 'Word (DOCX)' ? '' : await readFile(path, 'utf8') };
}

export const row = (page: Page, n: number) => page.getByRole('textbox', { name: `Row ${n} text` });
const rowWords = (page: Page, n: number) => page.getByRole('button', { name: new RegExp(`^Row ${n}: `) });
/** The rows' text as shown, spaces collapsed; the rows are a virtualized list, so read it with expect.poll. */
export const rowsText = async (page: Page) =>
  (await page.getByRole('region', { name: 'Transcript rows' }).getByRole('button', { name: /^Row \d+: / }).allInnerTexts()).join(' ').replace(/\s+/g, ' ');

/** Starts editing row `n` unless it is being edited already. */
export async function editRow(page: Page, n: number) {
  if (!(await row(page, n).count())) await rowWords(page, n).focus();
  await row(page, n).waitFor();
}

/** Puts the caret in the row's textarea before `before`. */
export async function caretAt(page: Page, n: number, before: string) {
  await editRow(page, n);
  await row(page, n).evaluate((area: HTMLTextAreaElement, word) => {
    const at = area.value.indexOf(word);
    area.setSelectionRange(at, at);
    area.dispatchEvent(new Event('select', { bubbles: true }));
  }, before);
}

/** Opens the editor of the transcript on screen (meeting.wav, in these journeys). */
export async function openEditor(page: Page) {
  await page.getByRole('button', { name: 'Edit transcript' }).click();
  await page.getByRole('heading', { name: 'Edit: meeting.wav' }).waitFor();
}

/** What the stored meeting of the two-views and disk-fault journeys says, a word every half second. */
const STORED = 'Bella asked Anna about the bridge. Anna said the steel came late. Then we talked about the budget.';

/** Keeps `meeting.mp3` (or another name) in a history as the service would have transcribed STORED, with word timings. */
export function putSpokenMeeting(store: HistoryStore, fileName = 'meeting.mp3') {
  const id = fileName === 'meeting.mp3' ? 'meeting' : `meeting-${fileName}`;
  store.transcripts.put({ ...spokenRecord(id, STORED, 10), fileName, createdAt: Date.now() }, null);
}
