import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../shared/contract/transcription';
import { type FakeService, startFakeService } from '../fake-service/server';
import type { MultipartLogBody } from '../fake-service/script';
import { textFromWords } from '../fake-service/transcript';
import { launchChromium, screenshot } from '../support/browser';
import { type Session, openSession } from '../support/history-app';
import { type LongRecording, MARKER_TONES, makeLongRecording } from '../support/long-audio';
import { exportAs, fileInput, openTranscribe, queueRow, resultHeading, setPlan, useKey } from '../support/transcription';

// A 45-minute meeting (a 16 kHz WAV of ~86 MB, over the service's 25 MB limit) through main's
// job queue and its real splitter: cut in pauses into three parts, each part's prompt carrying
// the end of the one before. The job lives in main, so it goes on through a page reload and
// comes back after a kill -9 as interrupted, to be resumed without sending a finished part
// again. The fake service decodes every part with ffmpeg and "hears" the marker tones in it.

const USER_PROMPT = 'Quarterly planning meeting of the Confab team.';
const LOOP = 'Thank you for watching. '.repeat(12).trim();

let dir: string;
let meeting: LongRecording;
let fake: FakeService;
let browser: Browser;
let s: Session;
const page = (): Page => s.page;

interface Upload {
  fields: Record<string, string | string[]>;
  file: NonNullable<MultipartLogBody['file']>;
  status: number | undefined;
}
const uploads = (): Upload[] =>
  fake.requests
    .filter((r) => r.path.startsWith('/v1/audio/transcriptions'))
    .map((r) => ({ ...(r.body as MultipartLogBody), status: r.status }) as Upload);
const field = (upload: Upload, name: string) => String(upload.fields[name] ?? '');
const partOf = (upload: Upload) => Number(/\(part (\d+) of/.exec(upload.file.filename)?.[1]);

const started = Date.now();
const mark = (what: string) => console.log(`[long-recording] ${((Date.now() - started) / 1000).toFixed(1)} s: ${what}`);

/** The merged words of the transcript on screen, as its JSON export has them. */
async function mergedWords() {
  const { text } = await exportAs(page(), 'JSON');
  return (JSON.parse(text) as { words: Array<{ word: string; start: number; end: number }> }).words;
}

/** Where the first run's words were: a run after a crash must give the same. */
let firstRun: Array<{ word: string; start: number; end: number }> = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'confab-long-'));
  meeting = await makeLongRecording(dir, { minutes: 45, name: 'all-hands.wav', sampleRate: 16_000 });
  mark('recording made');
  fake = await startFakeService({ toneWords: { ...MARKER_TONES } });
  browser = await launchChromium();
  s = await openSession(browser, { APP_BASE_URL: fake.baseUrl });
  await useKey(page(), fake.keys.pro);
  await setPlan(page(), 'Pro');
  await openTranscribe(page());
  await page().getByRole('textbox', { name: 'Prompt' }).fill(USER_PROMPT);
}, 180_000);

afterAll(async () => {
  await s?.close();
  await browser?.close();
  await fake?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a long recording in main\'s job queue', () => {
  it('goes on through a page reload; a looping part is sent again without the carried prompt, a failed part alone; one transcript', async () => {
    expect(meeting.size).toBeGreaterThan(MAX_UPLOAD_BYTES);
    // Part 1 as heard; part 2 loops (sent again without the carried prompt, then heard right);
    // part 3 fails once, then is heard right.
    fake.transcription.next({});
    fake.transcription.next({ text: LOOP });
    fake.transcription.next({});
    fake.transcription.next({ status: 500, errorBody: { error: { message: 'The transcription backend is restarting.', type: 'server_error', code: null } } });
    await fileInput(page()).setInputFiles(meeting.path);
    const row = queueRow(page(), 'all-hands.wav');
    await row.getByText(/^Reading the recording… \d+%$/).or(row.getByText(/parts transcribed/)).first().waitFor({ timeout: 60_000 });
    await screenshot(page(), 'long-recording-planning');

    // Once part 1 is in, the page reloads: main's job goes on, and the new page shows it live.
    await expect.poll(() => uploads().length, { timeout: 300_000, interval: 50 }).toBeGreaterThanOrEqual(1);
    mark('part 1 sent; reloading');
    await page().reload();
    await openTranscribe(page());
    await row.getByText(/^\d of 3 parts transcribed/).waitFor({ timeout: 60_000 });
    await screenshot(page(), 'long-recording-after-reload');

    await row.getByRole('alert').getByText('The transcription backend is restarting.').waitFor({ timeout: 300_000 });
    await row.getByText(/^Part 3 of 3 failed; 2 parts are done and will not be sent again\.$/).waitFor();
    await screenshot(page(), 'long-recording-failed-part');
    mark('part 3 failed');
    await row.getByRole('button', { name: 'Retry' }).click();
    await resultHeading(page(), 'all-hands.wav').waitFor({ timeout: 300_000 });
    mark('merged transcript open');

    const sent = uploads();
    expect(sent.map(partOf)).toEqual([1, 2, 2, 3, 3]);
    expect(sent.map((u) => u.status)).toEqual([200, 200, 200, 500, 200]);
    // The failed part went again with the same bytes; the looping part too.
    expect(sent[3]!.file.sha256).toBe(sent[4]!.file.sha256);
    expect(sent[1]!.file.sha256).toBe(sent[2]!.file.sha256);
    for (const upload of sent) {
      expect(upload.file.size).toBeLessThan(MAX_UPLOAD_BYTES);
      expect(field(upload, 'response_format')).toBe('verbose_json');
    }
    // Prompts: the user's, then the end of the part before; the looping part's second try has the user's alone.
    const lengths = [sent[0]!, sent[2]!, sent[4]!].map((u) => u.file.decodedSeconds!);
    const firstPartText = textFromWords(meeting.markers.filter((m) => m.end <= lengths[0]!).map((m) => ({ word: m.word, start: 0, end: 0 })));
    expect(field(sent[0]!, 'prompt')).toBe(USER_PROMPT);
    expect(field(sent[1]!, 'prompt')).toBe(`${USER_PROMPT} ${firstPartText}`);
    expect(field(sent[2]!, 'prompt')).toBe(USER_PROMPT);
    expect(field(sent[3]!, 'prompt')).toBe(field(sent[4]!, 'prompt'));
    // Cuts in the generated pauses.
    const cuts = [lengths[0]!, lengths[0]! + lengths[1]!];
    for (const cut of cuts) expect(meeting.pauses.some((p) => p.start <= cut && cut <= p.end), `cut at ${cut.toFixed(2)} s is in a pause`).toBe(true);

    // Every marker, in order, where its tone sounds (within the fake's 20 ms frames).
    firstRun = await mergedWords();
    expect(firstRun.map((w) => w.word)).toEqual(meeting.markers.map((m) => m.word));
    // An offset error would move every marker of a part alike: each part's median error stays
    // within the fake's 20 ms frames. A single marker may be heard up to ~0.12 s late: Opus at
    // 32 kbit/s smears a tone that overlaps speech (the original file gives it exactly).
    const off = firstRun.map((w, i) => Math.abs(w.start - meeting.markers[i]!.start));
    const ends = [cuts[0]!, cuts[1]!, Infinity];
    for (const [part, end] of ends.entries()) {
      const mine = off.filter((_, i) => meeting.markers[i]!.start < end && (part === 0 || meeting.markers[i]!.start >= ends[part - 1]!)).sort((a, b) => a - b);
      expect(mine[Math.floor(mine.length / 2)], `median error in part ${part + 1}`).toBeLessThan(0.02);
    }
    expect(off.filter((e) => e >= 0.04).length).toBeLessThanOrEqual(2);
    expect(Math.max(...off)).toBeLessThan(0.15);
    await screenshot(page(), 'long-recording-result');
  }, 900_000);

  it('comes back after a kill -9 as interrupted; Resume sends no finished part again and gives the same timings', async () => {
    await openTranscribe(page());
    await page().getByRole('button', { name: 'Clear finished' }).click();
    const before = uploads().length;
    // Part 2 is read slowly, so the kill comes in the middle of its upload.
    fake.transcription.next({});
    fake.transcription.next({ readBytesPerSecond: 200_000 });
    await fileInput(page()).setInputFiles(meeting.path);
    await expect.poll(() => uploads().length - before, { timeout: 300_000, interval: 50 }).toBe(2);
    mark('part 2 on its way; kill -9');
    await s.restart({ kill: true });
    await openTranscribe(page());
    const row = queueRow(page(), 'all-hands.wav');
    await row.getByText(/^Interrupted when Confab closed; 1 part is done and will not be sent again\./).waitFor();
    await screenshot(page(), 'long-recording-interrupted');
    await row.getByRole('button', { name: 'Resume' }).click();
    await resultHeading(page(), 'all-hands.wav').waitFor({ timeout: 300_000 });
    mark('resumed job done');

    const sent = uploads().slice(before);
    // Part 1 once; part 2 cut off by the kill, then once more; part 3 once.
    expect(sent.map(partOf)).toEqual([1, 2, 2, 3]);
    expect(sent.filter((u) => u.status === 200).map(partOf)).toEqual([1, 2, 3]);
    expect(await mergedWords()).toEqual(firstRun);
    expect(s.errors).toEqual([]);
  }, 900_000);
});
