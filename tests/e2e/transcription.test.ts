import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrast } from '../support/accessibility';
import { type AudioFixtures, audioFixtures } from '../support/audio';
import { screenshot } from '../support/browser';
import {
  type Harness,
  TEXT,
  WORDS,
  dragOver,
  dropFiles,
  fileInput,
  fileOf,
  formatRadio,
  lastTranscriptionRequest,
  openApp,
  openTranscribe,
  player,
  resultHeading,
  setPlan,
  setTheme,
  shownTranscript,
  sidebar,
  transcriptBox,
  useKey,
} from '../support/transcription';

// The transcription journey in Chromium: Pro gating, a dropped recording and its result, the
// themes, asking about it in a chat, and the history. Playback that follows the words is in
// transcription-playback.test.ts, the exports in transcription-export.test.ts.

let h: Harness;
let audio: AudioFixtures;
let sentence: string;
let duration: number;

beforeAll(async () => {
  audio = await audioFixtures();
  sentence = await audio.speak('sentence.wav', TEXT);
  duration = await audio.duration(sentence);
  h = await openApp();
});

afterAll(async () => {
  await h?.close();
  await audio?.close();
});

describe('transcription in Chromium', () => {
  it('shows transcription as a Pro feature on the Free plan, with the reason and the way to Settings', async () => {
    const { page, fake } = h;
    await openTranscribe(page);
    await page.getByText('Transcription is a Pro feature').waitFor();
    expect(await fileInput(page).isDisabled()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Model' }).isDisabled()).toBe(true);
    expect(await formatRadio(page, 'verbose_json').isDisabled()).toBe(true);
    await screenshot(page, 'transcription-free-plan');

    // A drop on the Free plan adds nothing and says why.
    await dropFiles(page, page.getByRole('main'), [fileOf(sentence)]);
    // Said at the top of Transcribe and over the page (feedback-in-view.test.ts).
    await page.getByRole('alert').getByText(/Nothing was added: transcription needs the Pro plan \(sentence\.wav\)/).first().waitFor();
    expect(lastTranscriptionRequest(fake)).toBeUndefined();

    await page.getByRole('button', { name: 'Open Settings' }).first().click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await useKey(page, fake.keys.pro);
    await setPlan(page, 'Pro');
    await openTranscribe(page);
    expect(await page.getByText('Transcription is a Pro feature').count()).toBe(0);
  });

  it('welcomes with a drop zone that explains the formats and the 25 MB limit', async () => {
    const { page } = h;
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page.getByRole('heading', { name: 'Drop recordings to transcribe' }).waitFor();
    await page.getByText(/mp3, mp4, mpeg, mpga, m4a, wav, webm · up to 25 MB per file/).waitFor();
    await page.getByText(/Transcripts you make are kept here/).waitFor();
    // The model by its name, its id on hover; the formats by what they give.
    const model = page.getByRole('combobox', { name: 'Model' });
    expect(await model.inputValue()).toBe('speech-1');
    expect(await model.locator('option:checked').innerText()).toBe('Standard transcription');
    expect(await model.getAttribute('title')).toBe('speech-1');
    expect(await formatRadio(page, 'verbose_json').isChecked()).toBe(true);
    const form = await page.locator('section.tx-options').innerText();
    expect(form).not.toMatch(/verbose_json|speech-1|ISO|\bsrt\b|\bvtt\b/);

    // Languages by name, auto-detect first, found by typing part of a name; the code is what is sent.
    const language = page.getByRole('combobox', { name: 'Language' });
    expect(await language.inputValue()).toBe('Detect automatically');
    await page.getByRole('button', { name: 'Show all languages' }).click();
    const list = page.getByRole('listbox', { name: 'Language' });
    expect(await list.getByRole('option').first().innerText()).toBe('Detect automatically');
    const names = await list.getByRole('option').allInnerTexts();
    expect(names.length).toBeGreaterThan(180);
    // Every entry a name, none a bare code.
    expect(names.filter((name) => /^[a-z]{2}$/.test(name))).toEqual([]);
    for (const name of ['English', 'German', 'Japanese', 'Swahili']) expect(names).toContain(name);
    await language.fill('fren');
    await expect.poll(() => list.getByRole('option').allInnerTexts()).toEqual(['French']);
    await screenshot(page, 'transcription-language-search');
    await language.press('ArrowDown');
    await language.press('Enter');
    await expect.poll(() => language.inputValue()).toBe('French');
    // Words that name no language change nothing: leaving the field puts the choice back.
    await language.fill('Klingon');
    await list.getByText('No language by that name.').waitFor();
    await language.press('Tab');
    await expect.poll(() => language.inputValue()).toBe('French');
    await language.fill('');
    await list.getByRole('option', { name: 'Detect automatically', exact: true }).click();
    await expect.poll(() => language.inputValue()).toBe('Detect automatically');
    await screenshot(page, 'transcription-empty');
  });

  it('takes a dropped recording, shows an overlay while dragging, and opens the verbose result', async () => {
    const { page, fake } = h;
    fake.transcription.next({ text: TEXT, words: WORDS, language: 'english', duration });
    const drag = await dragOver(page, page.getByRole('main'), [fileOf(sentence)]);
    await page.getByText('Drop to transcribe').waitFor();
    await screenshot(page, 'transcription-drop-overlay');
    await drag.drop();
    expect(await page.getByText('Drop to transcribe').count()).toBe(0);

    await resultHeading(page, 'sentence.wav').waitFor();
    const request = lastTranscriptionRequest(fake)!;
    expect(request.fields).toMatchObject({ model: 'speech-1', response_format: 'verbose_json' });
    expect(request.fields['timestamp_granularities[]']).toEqual(['word', 'segment']);
    expect(request.file?.size).toBe((await import('node:fs')).statSync(sentence).size);

    // The service's text as written (its punctuation, which the fake's segments and words lack) in
    // main's paragraphs, the language the service named ("english") in the user's words, the format
    // by what it gives, the duration.
    await expect.poll(() => shownTranscript(page)).toBe(`0:00 ${TEXT}`);
    await page.getByRole('definition').getByText('English', { exact: true }).waitFor();
    await page.getByRole('definition').getByText('Text with word timings', { exact: true }).waitFor();
    expect(await page.getByRole('definition').getByText('Standard transcription', { exact: true }).getAttribute('title')).toBe('speech-1');
    // Rounded to the second, in the UI language's units (Intl).
    await page.getByRole('definition').getByText(`${Math.round(duration)} sec`, { exact: true }).waitFor();
    // The segments are main's paragraphs, made of its rows as the text export makes them (no 2-s pause here: one).
    await page.getByText('Timings: 1 segment and 13 words').click();
    await page.getByRole('table', { name: 'Words' }).getByRole('row', { name: /lazy 0:02\.25 0:02\.65/ }).waitFor();
    await page.getByText('Timings: 1 segment and 13 words').click();

    await expect.poll(() => player(h.page).evaluate((el: HTMLAudioElement) => el.readyState)).toBeGreaterThanOrEqual(1);
    expect(await player(h.page).evaluate((el: HTMLAudioElement) => el.duration)).toBeCloseTo(duration, 1);
    // Main kept the recording with the transcript; the page plays it from main's signed media URL.
    expect(await player(h.page).getAttribute('src')).toMatch(/^\/media\/[\w-]+\?expires=/);
    await screenshot(page, 'transcription-result-light');

    await page.getByRole('button', { name: 'Copy text' }).click();
    await page.getByRole('status').getByText('Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(TEXT);
  });

  it('shows the Pro badge alike in the light and the dark theme, at AA contrast', async () => {
    const { page } = h;
    const badge = page.getByRole('main').getByText('Pro', { exact: true });
    async function colours(theme: 'Light' | 'Dark') {
      await setTheme(page, theme);
      await openTranscribe(page);
      return badge.evaluate((element) => {
        const style = getComputedStyle(element);
        return { background: style.backgroundColor, text: style.color };
      });
    }
    const light = await colours('Light');
    const dark = await colours('Dark');
    await setTheme(page, 'Follow the system');
    expect(dark).toEqual(light);
    expect(contrast(light.text, light.background)).toBeGreaterThanOrEqual(4.5);
  });

  it('renders the result in the dark theme', async () => {
    const { page } = h;
    await setTheme(page, 'Dark');
    await sidebar(page).getByRole('button', { name: 'sentence.wav' }).click();
    await resultHeading(page, 'sentence.wav').waitFor();
    await expect.poll(() => player(h.page).evaluate((el: HTMLAudioElement) => el.readyState)).toBeGreaterThanOrEqual(1);
    await transcriptBox(page).getByRole('button', { name: 'fox', exact: true }).click();
    await screenshot(page, 'transcription-result-dark');
    await setTheme(page, 'Follow the system');
    await sidebar(page).getByRole('button', { name: 'sentence.wav' }).click();
    await resultHeading(page, 'sentence.wav').waitFor();
  });

  it('asks about the transcript in a new chat that carries it as the system prompt', async () => {
    const { page, fake } = h;
    await page.getByRole('button', { name: 'Ask about this transcript' }).click();
    const composer = page.getByRole('textbox', { name: 'Message', exact: true });
    await composer.waitFor();
    await page.getByRole('note', { name: 'Attached to this chat' }).getByText('Transcript attached: sentence.wav, 13 words').waitFor();
    // The empty chat speaks of the transcript, not of hosted models and code (issue 41).
    await page.getByRole('heading', { name: 'Ask about sentence.wav' }).waitFor();
    expect(await page.getByRole('button', { name: /TypeScript function/ }).count()).toBe(0);
    expect(await composer.inputValue()).toMatch(/^What are the main points of this recording\?/);
    // The chat requests so far: saving the key tried it with one.
    const chats = () => fake.requests.filter((r) => r.path.startsWith('/v1/chat/completions')).length;
    const before = chats();
    await composer.press('Enter');
    await expect.poll(chats).toBeGreaterThan(before);
    const body = fake.requests.filter((r) => r.path.startsWith('/v1/chat/completions')).at(-1)!.body as {
      messages: Array<{ role: string; content: string }>;
    };
    expect(body.messages[0]!.role).toBe('system');
    expect(body.messages[0]!.content).toContain('"sentence.wav"');
    // The transcript goes as its rows, each with its id and time (what an answer cites); the words
    // are the service's, which carry no punctuation here (its text does).
    const spoken = TEXT.split(/\s+/).map((word) => word.replace(/[.,!?]$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '[.,!?]?').join(' ');
    expect(body.messages[0]!.content).toMatch(new RegExp(`\\[1\\] 0:00:00 ${spoken}`));
    expect(body.messages.at(-1)).toMatchObject({ role: 'user', content: expect.stringMatching(/^What are the main points/) });
  });

  it('loads the page without a failed request (its icon included)', async () => {
    const { page } = h;
    const failed: string[] = [];
    const onResponse = (response: { status(): number; url(): string }) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    };
    page.on('response', onResponse);
    // Until the network is quiet: the browser asks for a page's icon after the page has loaded.
    await page.reload({ waitUntil: 'networkidle' });
    await sidebar(page).getByRole('button', { name: 'Transcribe', exact: true }).waitFor();
    page.off('response', onResponse);
    expect(failed).toEqual([]);
    expect(h.errors).toEqual([]);
  });

  it('keeps the transcript in the history: it reopens after a reload with its audio from main, and can be deleted', async () => {
    const { page } = h;
    await page.reload();
    // Exact: the chat asked about it is listed as "About sentence.wav".
    const entry = sidebar(page).getByRole('button', { name: 'sentence.wav', exact: true });
    await entry.click();
    await resultHeading(page, 'sentence.wav').waitFor();
    await expect.poll(() => shownTranscript(page)).toContain('lazy');
    // The audio now comes from main by a signed URL it serves with range requests, and plays as before.
    expect(await player(h.page).getAttribute('src')).toMatch(/^\/media\/[\w-]+\?expires=\d+&sig=/);
    await expect.poll(() => player(h.page).evaluate((el: HTMLAudioElement) => el.readyState)).toBeGreaterThanOrEqual(1);
    expect(await player(h.page).evaluate((el: HTMLAudioElement) => el.duration)).toBeCloseTo(duration, 1);
    await transcriptBox(page).getByRole('button', { name: 'dog.', exact: true }).click();
    await expect.poll(() => player(h.page).evaluate((el: HTMLAudioElement) => !el.paused && el.currentTime >= 2.64)).toBe(true);
    await player(h.page).evaluate((el: HTMLAudioElement) => el.pause());

    // A search hit of kind 'transcript' opens it too.
    const search = sidebar(page).getByRole('searchbox', { name: 'Search conversations and transcripts' });
    await openTranscribe(page);
    await search.fill('lazy');
    await sidebar(page).getByRole('button', { name: /^sentence\.wav .*Transcript/ }).click();
    await resultHeading(page, 'sentence.wav').waitFor();
    await search.fill('');

    await openTranscribe(page);
    const recent = page.getByRole('region', { name: 'Recent transcripts' });
    await recent.getByRole('button', { name: 'sentence.wav', exact: true }).waitFor();
    await recent.getByText(/^The quick brown fox/).waitFor();
    await recent.getByRole('button', { name: 'sentence.wav', exact: true }).click();
    await resultHeading(page, 'sentence.wav').waitFor();

    await page.getByRole('button', { name: 'Delete sentence.wav' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByRole('heading', { name: 'Transcribe', level: 1 }).waitFor();
    await page.getByText(/Transcripts you make are kept here/).waitFor();
    expect(await entry.count()).toBe(0);
    expect(h.errors).toEqual([]);
  });
});
