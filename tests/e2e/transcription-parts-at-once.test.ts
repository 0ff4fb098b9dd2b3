import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeService, startFakeService } from '../fake-service/server';
import type { MultipartLogBody, RequestLogEntry } from '../fake-service/script';
import { answersAtOnce } from '../support/answers-at-once';
import { launchChromium, screenshot } from '../support/browser';
import { type Session, openSession } from '../support/history-app';
import { type LongRecording, MARKER_TONES, makeLongRecording } from '../support/long-audio';
import { emptyQueue, fileInput, openSettings, openTranscribe, queueRow, resultHeading, setPlan, useKey } from '../support/transcription';

// What the user sets for a long recording's parts: the names and terms sent with every part
// (the options form, kept with main's defaults) and how many parts go at once (Settings). A
// 25-minute meeting (a 16 kHz WAV of ~48 MB) is cut by main's splitter into three parts (2, 19.5
// and what remains); the fake service's log shows what each part was prompted with and when each
// was in flight.

const USER_PROMPT = 'Design review of the Confab team.';
const GLOSSARY = 'Ngozi Okonkwo, Tadeusz Wróblewski, Confab, WebCodecs';

let dir: string;
let meeting: LongRecording;
let fake: FakeService;
let browser: Browser;
let s: Session;
const page = (): Page => s.page;
/** When the fake finished answering each request, and the most it answered at once. */
const { onRequest, mostAtOnce } = answersAtOnce();

const transcriptions = (from: number) => fake.requests.filter((r) => r.path.startsWith('/v1/audio/transcriptions')).slice(from);
const bodyOf = (entry: RequestLogEntry) => entry.body as MultipartLogBody;
const partOf = (entry: RequestLogEntry) => Number(/\(part (\d+)/.exec(bodyOf(entry).file?.filename ?? '')?.[1]);
const partsField = () => page().getByRole('combobox', { name: 'Parts sent at once' });
const glossaryBox = () => page().getByRole('textbox', { name: 'Names and terms' });

/** The screen at 800×600 and 1280×800, the new field's hint in view. */
async function atTwoSizes(name: string, field: () => Locator) {
  for (const [width, height] of [[800, 600], [1280, 800]] as const) {
    await page().setViewportSize({ width, height });
    await field().scrollIntoViewIfNeeded();
    await screenshot(page(), `${name}-${width}x${height}`);
  }
  await page().setViewportSize({ width: 1100, height: 800 });
}

/** Parts at once in Settings, then the prompt and the names and terms on Transcribe: each journey sets its own. */
async function setOptions(atOnce: '1' | '3') {
  await openSettings(page());
  await partsField().selectOption(atOnce);
  await openTranscribe(page());
  await page().getByRole('textbox', { name: 'Prompt' }).fill(USER_PROMPT);
  await glossaryBox().fill(GLOSSARY);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'confab-parts-at-once-'));
  meeting = await makeLongRecording(dir, { minutes: 25, name: 'design-review.wav', sampleRate: 16_000 });
  // The fake hears the marker tones in each part, so its answers fit the part (a made-up answer's
  // timings could overrun it, and the part would be sent again as suspect).
  fake = await startFakeService({ toneWords: { ...MARKER_TONES }, onRequest });
  browser = await launchChromium();
  s = await openSession(browser, { APP_BASE_URL: fake.baseUrl });
  await useKey(page(), fake.keys.pro);
  await setPlan(page(), 'Pro');
}, 180_000);

afterAll(async () => {
  await s?.close();
  await browser?.close();
  await fake?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the parts of a long recording, as the user sets them', () => {
  it('keeps names and terms with the options and parts at once in Settings, and refuses too long a list in words', async () => {
    await openSettings(page());
    await expect.poll(() => partsField().inputValue()).toBe('3');
    const partsHint = () => page().getByText('Fewer is gentler on the service\'s limits');
    await partsHint().waitFor();
    await partsField().selectOption('1');
    await atTwoSizes('settings-parts-at-once', partsHint);

    await openTranscribe(page());
    await page().getByRole('textbox', { name: 'Prompt' }).fill(USER_PROMPT);
    await glossaryBox().fill('x'.repeat(1001));
    await page().getByRole('alert').getByText('The names and terms can have at most 1,000 characters. Shorten the list.').waitFor();
    await glossaryBox().fill(GLOSSARY);
    const glossaryHint = () => page().getByText('They go with every part, so each is spelt the same throughout.');
    await glossaryHint().waitFor();
    await atTwoSizes('transcription-names-and-terms', glossaryHint);

    // Main keeps both: a new page shows them as they were left.
    await page().reload();
    await openTranscribe(page());
    await expect.poll(() => glossaryBox().inputValue()).toBe(GLOSSARY);
    await openSettings(page());
    await expect.poll(() => partsField().inputValue()).toBe('1');
  });

  it('sends one part at a time when Settings says 1, each prompted with the names and terms', async () => {
    await setOptions('1');
    const before = transcriptions(0).length;
    fake.setLatency(1_500);
    await fileInput(page()).setInputFiles(meeting.path);
    await resultHeading(page(), 'design-review.wav').waitFor({ timeout: 300_000 });
    fake.setLatency(0);

    const sent = transcriptions(before);
    expect(sent.map(partOf).sort()).toEqual([1, 2, 3]);
    expect(mostAtOnce(sent)).toBe(1);
    for (const entry of sent) {
      const prompt = String(bodyOf(entry).fields.prompt ?? '');
      expect(prompt).toContain(USER_PROMPT);
      expect(prompt).toContain(GLOSSARY);
    }
    expect(s.errors).toEqual([]);
  }, 600_000);

  it('with 3 at once, names the parts on their way, and counts a rate limit\'s wait down', async () => {
    // From an empty queue and a fake with nothing scripted, whatever the journey before left.
    fake.transcription.clear();
    await emptyQueue(page());
    await setOptions('3');
    const before = transcriptions(0).length;
    // Every answer takes 4 s; the second part to arrive is told to come back in 4 s. The first part's
    // answer waits until the second's upload is in (at most 10 minutes): however slowly a loaded
    // machine makes the parts, two sent at once are on their way together.
    fake.setLatency(4_000);
    fake.transcription.next({ holdForNextMs: 600_000 });
    fake.transcription.next({ status: 429, headers: { 'Retry-After': '4' }, errorBody: { error: { message: 'Slow down.', type: 'rate_limit_error', code: null } } });
    await fileInput(page()).setInputFiles(meeting.path);
    const row = queueRow(page(), 'design-review.wav');
    // Several on their way, their bytes sent: the row names them, then says the service is at work.
    await row
      .filter({ has: page().getByText(/^Parts (1–3|1 and 2|1 and 3|2 and 3)( of 3)? on their way$/) })
      .filter({ has: page().getByText('Uploaded. The service is transcribing…') })
      .waitFor({ timeout: 300_000 });
    await screenshot(page(), 'transcription-parts-on-their-way');
    await row.getByText(/^The service asked Confab to slow down; sending again in [34] s\.$/).waitFor({ timeout: 300_000 });
    await row.getByText('The service asked Confab to slow down; sending again in 1 s.').waitFor();
    await resultHeading(page(), 'design-review.wav').waitFor({ timeout: 300_000 });
    fake.setLatency(0);

    const sent = transcriptions(before);
    expect(mostAtOnce(sent)).toBeGreaterThan(1);
    expect(sent.filter((entry) => entry.status === 200).map(partOf).sort()).toEqual([1, 2, 3]);
    for (const entry of sent) expect(String(bodyOf(entry).fields.prompt ?? '')).toContain(GLOSSARY);
    expect(s.errors).toEqual([]);
  }, 600_000);
});
