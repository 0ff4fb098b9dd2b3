import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AudioFixtures, audioFixtures } from '../support/audio';
import { screenshot } from '../support/browser';
import { backToChat, composer, setPlan } from '../support/chat';
import { openWithFakeMicrophone, silentWav } from '../support/fake-mic';
import { closeExpectingNoErrors, type Harness } from '../support/harness';
import { checkScreen } from '../support/layout';
import { setPlan as choosePlan, transcriptionRequestCount, useKey } from '../support/transcription';

// Dictation into the chat composer in Chromium, whose microphone is a WAV made here: hold the
// button, speak (the file plays), release, and the service's text lands at the draft's cursor.

const ready = (page: Page) => page.getByRole('heading', { name: 'New chat' }).waitFor();
const micButton = (page: Page) => page.getByRole('button', { name: 'Hold to dictate' });
const listening = (page: Page) => page.getByText('Listening… release to insert the text, Esc to cancel.');
const level = (page: Page) => page.getByRole('meter', { name: 'Microphone level' });
const chatRequests = (h: Harness) => h.fake.requests.filter((r) => r.path.startsWith('/v1/chat/completions')).length;
const lastUpload = (h: Harness) => (h.fake.requests.filter((r) => r.path.startsWith('/v1/audio/transcriptions')).at(-1)!.body as { file: { sha256: string } }).file;

/** A draft with the cursor after its first word, as a person types and moves it. */
async function draftWithCursor(page: Page, text: string, after: number) {
  const field = composer(page);
  await field.fill(text);
  await field.press('Home');
  for (let i = 0; i < after; i++) await field.press('ArrowRight');
}

/**
 * Presses and holds the microphone button until the page shows it capturing: the meter comes with
 * the worklet's first level, from then on there is a clip to send. `seconds`: held until the page
 * shows that much was heard (the fake microphone plays the sentence from its start).
 */
async function hold(page: Page, seconds = 0): Promise<Locator> {
  const button = micButton(page);
  await button.hover();
  await page.mouse.down();
  await listening(page).waitFor();
  await level(page).waitFor();
  if (seconds > 0) await page.getByRole('status').getByText(`${seconds} sec`, { exact: true }).waitFor();
  return button;
}

async function dictate(page: Page) {
  await hold(page, 2);
  await page.mouse.up();
}

let audio: AudioFixtures;

beforeAll(async () => {
  audio = await audioFixtures();
});
afterAll(() => audio?.close());

describe('dictating speech into the composer', () => {
  let h: Harness;
  beforeAll(async () => {
    const said = await audio.speak('said.wav', 'Please add the budget review to the agenda for Thursday.');
    h = await openWithFakeMicrophone(said, { height: 800, ready });
    await useKey(h.page, h.fake.keys.pro);
    // The transcription journeys' steps: they make no expect.poll, which a hook may not.
    await choosePlan(h.page, 'Pro');
    await backToChat(h.page);
  });
  afterAll(() => closeExpectingNoErrors(h));

  it('inserts the text at the cursor of a draft as one undo step, and sends nothing', async () => {
    const { page, fake } = h;
    await draftWithCursor(page, 'Hello world', 5);
    const uploads = transcriptionRequestCount(fake);
    const chats = chatRequests(h);
    fake.transcription.next({ text: 'there, dear' });
    await dictate(page);
    await expect.poll(() => composer(page).inputValue()).toBe('Hello there, dear world');
    expect(transcriptionRequestCount(fake)).toBe(uploads + 1);
    expect(chatRequests(h)).toBe(chats);
    await expect.poll(() => composer(page).evaluate((field: HTMLTextAreaElement) => field.selectionStart)).toBe('Hello there, dear'.length);

    await composer(page).press('ControlOrMeta+z');
    await expect.poll(() => composer(page).inputValue()).toBe('Hello world');
  });

  it('dictates while Ctrl/Cmd+Shift+Space is held, the cursor never leaving the draft', async () => {
    const { page, fake } = h;
    await draftWithCursor(page, 'Agenda', 6);
    fake.transcription.next({ text: 'for Thursday' });
    await page.keyboard.down('ControlOrMeta');
    await page.keyboard.down('Shift');
    await page.keyboard.down(' ');
    await level(page).waitFor();
    await page.getByRole('status').getByText('2 sec', { exact: true }).waitFor();
    await page.keyboard.up(' ');
    await page.keyboard.up('Shift');
    await page.keyboard.up('ControlOrMeta');
    await expect.poll(() => composer(page).inputValue()).toBe('Agenda for Thursday');
  });

  it('cancels with Esc while held: nothing is sent, and the draft is untouched', async () => {
    const { page, fake } = h;
    await draftWithCursor(page, 'Keep this', 4);
    const uploads = transcriptionRequestCount(fake);
    await hold(page, 2);
    await page.keyboard.press('Escape');
    await listening(page).waitFor({ state: 'hidden' });
    await page.mouse.up();
    // The next dictation is the only upload: a cancelled take that was sent after all would be a second.
    fake.transcription.next({ text: 'and this' });
    await dictate(page);
    await expect.poll(() => composer(page).inputValue()).toBe('Keep and this this');
    expect(transcriptionRequestCount(fake)).toBe(uploads + 1);
  });

  it('keeps the clip when the service fails, and Retry inserts its text', async () => {
    const { page, fake } = h;
    await draftWithCursor(page, 'Notes:', 6);
    fake.transcription.next({ status: 500, errorBody: { error: { message: 'The speech backend is restarting.', type: 'server_error', code: null } } });
    await dictate(page);
    await page.getByText('The service had a problem (500)').waitFor();
    const failed = lastUpload(h);
    expect(await composer(page).inputValue()).toBe('Notes:');
    await screenshot(page, 'dictation-failed');
    expect(await checkScreen(page, 'dictation failed')).toEqual([]);

    // The clip outlives a reload of the page: main keeps it, the page remembers it as it does drafts.
    await page.reload();
    await page.getByText('The service had a problem (500)').waitFor({ timeout: 30_000 });
    await expect.poll(() => composer(page).inputValue()).toBe('Notes:');
    await composer(page).press('End');
    fake.transcription.next({ text: 'call the venue' });
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => composer(page).inputValue()).toBe('Notes: call the venue');
    expect(lastUpload(h).sha256).toBe(failed.sha256);
    await page.getByText('The service had a problem (500)').waitFor({ state: 'hidden' });
  });

  it('shows the composer idle, listening and working at every size', async () => {
    const { page, fake } = h;
    await draftWithCursor(page, '', 0);
    expect(await checkScreen(page, 'dictation idle')).toEqual([]);
    const button = await hold(page, 2);
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'dictation-listening');
    expect(await checkScreen(page, 'dictation listening')).toEqual([]);
    fake.transcription.next({ latencyMs: 15_000 });
    await page.mouse.up();
    await page.getByText('Writing down what you said…').waitFor();
    expect(await checkScreen(page, 'dictation working')).toEqual([]);
    // Esc drops the answer on its way: the draft stays empty.
    await page.keyboard.press('Escape');
    await page.getByText('Writing down what you said…').waitFor({ state: 'hidden' });
    expect(await composer(page).inputValue()).toBe('');
  });
});

describe('dictating silence', () => {
  let h: Harness;
  beforeAll(async () => {
    const quiet = await silentWav(audio, 'quiet.wav', 4);
    h = await openWithFakeMicrophone(quiet, { height: 800, ready });
    await useKey(h.page, h.fake.keys.pro);
    await choosePlan(h.page, 'Pro');
    await backToChat(h.page);
  });
  afterAll(() => closeExpectingNoErrors(h));

  it('sends nothing and inserts nothing, and says so', async () => {
    const { page, fake } = h;
    await draftWithCursor(page, 'Still here', 5);
    const uploads = transcriptionRequestCount(fake);
    const button = await hold(page, 1);
    await page.mouse.up();
    await page.getByText("Didn't catch anything. Hold the button, speak, then release.").waitFor();
    expect(transcriptionRequestCount(fake)).toBe(uploads);
    expect(await composer(page).inputValue()).toBe('Still here');
    await button.waitFor();
  });

  it('asks for the Pro plan on Free, without opening the microphone', async () => {
    const { page } = h;
    await setPlan(page, 'Free');
    await micButton(page).hover();
    await page.mouse.down();
    await page.mouse.up();
    await page.getByRole('status').getByText('Dictation needs the Pro plan. Change the plan in Settings.').waitFor();
    expect(await listening(page).count()).toBe(0);
  });
});
