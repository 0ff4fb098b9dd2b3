import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cuesFromWords } from '../../electron/services/subtitles';
import { subtitleRulesSchema } from '../../shared/domain/transcript';
import { type AudioFixtures, audioFixtures, subtitlePackets } from '../support/audio';
import { screenshot } from '../support/browser';
import { chromiumCues } from '../support/webvtt';
import {
  type Harness,
  dragOver,
  dropFiles,
  exportAs,
  fileInput,
  fileOf,
  formatRadio,
  highlighted,
  lastTranscriptionRequest,
  openApp,
  openTranscribe,
  player,
  playingNow,
  resultHeading,
  setPlan,
  setTheme,
  shownTranscript,
  sidebar,
  transcriptBox,
  useKey,
} from './transcription-support';

// The transcription journey in Chromium: Pro gating, a dropped recording, playback that follows
// the words, subtitles read back by real parsers, asking about it in a chat, and the history.

let h: Harness;
let audio: AudioFixtures;
let sentence: string;
let duration: number;

const TEXT = 'The quick brown fox jumps over the lazy dog. Then it runs away.';
/** Subtitles made from timings hold the words, which carry no punctuation. */
const SPOKEN = 'The quick brown fox jumps over the lazy dog Then it runs away';
// Timings the fake returns for the sentence espeak-ng speaks (about 4.9 s long).
const WORDS = [
  ['The', 0.2, 0.45],
  ['quick', 0.45, 0.8],
  ['brown', 0.8, 1.1],
  ['fox', 1.1, 1.45],
  ['jumps', 1.45, 1.85],
  ['over', 1.85, 2.1],
  ['the', 2.1, 2.25],
  ['lazy', 2.25, 2.65],
  ['dog', 2.65, 3.1],
  ['Then', 3.4, 3.65],
  ['it', 3.65, 3.8],
  ['runs', 3.8, 4.15],
  ['away', 4.15, 4.6],
].map(([word, start, end]) => ({ word: word as string, start: start as number, end: end as number }));

/** WCAG's contrast ratio of two computed `rgb(r, g, b)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, bl] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((c) => {
      const v = Number(c) / 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

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
    await page.getByRole('alert').getByText(/Nothing was added: transcription needs the Pro plan \(sentence\.wav\)/).waitFor();
    expect(lastTranscriptionRequest(fake)).toBeUndefined();

    await page.getByRole('button', { name: 'Open Settings' }).click();
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

    // The text by segment (the fake's segments are its words, without punctuation), the language
    // the service named ("english") in the user's words, the format by what it gives, the duration.
    await expect.poll(() => shownTranscript(page)).toMatch(/The quick brown fox jumps over the lazy.*dog Then it runs away/);
    await page.getByRole('definition').getByText('English', { exact: true }).waitFor();
    await page.getByRole('definition').getByText('Text with word timings', { exact: true }).waitFor();
    expect(await page.getByRole('definition').getByText('Standard transcription', { exact: true }).getAttribute('title')).toBe('speech-1');
    await page.getByRole('definition').getByText(/^4\.\d s$/).waitFor();
    await page.getByText('Timings: 2 segments, 13 words').click();
    await page.getByRole('table', { name: 'Words' }).getByRole('row', { name: /lazy 0:02\.25 0:02\.65/ }).waitFor();
    await page.getByText('Timings: 2 segments, 13 words').click();

    await expect.poll(() => player(h.page).evaluate((el: HTMLAudioElement) => el.readyState)).toBeGreaterThanOrEqual(1);
    expect(await player(h.page).evaluate((el: HTMLAudioElement) => el.duration)).toBeCloseTo(duration, 1);
    // Main kept the recording with the transcript; the page plays it from main's signed media URL.
    expect(await player(h.page).getAttribute('src')).toMatch(/^\/media\/[\w-]+\?expires=/);
    await screenshot(page, 'transcription-result-light');

    await page.getByRole('button', { name: 'Copy text' }).click();
    await page.getByRole('status').getByText('Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(TEXT);
  });

  it('highlights the word being spoken while the recording plays', async () => {
    await player(h.page).evaluate((el: HTMLAudioElement) => el.play());
    await expect.poll(() => player(h.page).evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 5000 }).toBeGreaterThan(0.25);
    await highlighted(h.page).waitFor();
    const first = await playingNow(h.page);
    // Playback moves on by over a second (several words), whatever the machine's speed.
    await expect.poll(() => player(h.page).evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 5000 }).toBeGreaterThan(first.at + 1.2);
    const second = await playingNow(h.page);
    expect(second.word).not.toBe(first.word);
    // Each is the word whose time span holds the playback position when it was read.
    for (const { word, at } of [first, second]) {
      const timed = WORDS.find((w) => w.word === word.replace(/\W/g, ''))!;
      expect(timed.start).toBeLessThanOrEqual(at + 0.05);
      expect(at).toBeLessThanOrEqual(timed.end + 0.55);
    }
    await player(h.page).evaluate((el: HTMLAudioElement) => el.pause());
  });

  it('plays from a word or a paragraph time when it is clicked, as the hint promises', async () => {
    const { page } = h;
    const position = () => player(page).evaluate((el: HTMLAudioElement) => el.currentTime);
    const paused = () => player(page).evaluate((el: HTMLAudioElement) => el.paused);
    /** Clicks, then sees the recording play on from `from`: not paused, and the playhead moving past it. */
    async function playsFrom(target: ReturnType<typeof transcriptBox>, from: number) {
      expect(await paused()).toBe(true);
      await target.click();
      await expect.poll(paused).toBe(false);
      const at = await position();
      expect(at).toBeGreaterThanOrEqual(from - 0.01);
      expect(at).toBeLessThan(from + 1);
      await expect.poll(position, { timeout: 5000 }).toBeGreaterThan(at + 0.2);
      // The word marked is the one under the playhead, read together as it moves on.
      const now = await playingNow(page);
      const timed = WORDS.find((w) => w.word === now.word.replace(/\W/g, ''))!;
      expect(timed.start).toBeLessThanOrEqual(now.at + 0.05);
      await player(page).evaluate((el: HTMLAudioElement) => el.pause());
    }
    await playsFrom(transcriptBox(page).getByRole('button', { name: 'lazy', exact: true }), 2.25);
    await playsFrom(transcriptBox(page).getByRole('button', { name: 'Play from 0:02.65' }), 2.65);
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

  it('exports SRT that ffprobe reads, cue by cue, at the times the subtitle rules give', async () => {
    const { page } = h;
    // Shorter cues than the default 7 s, so the sentence becomes several.
    await page.getByText('Subtitle rules', { exact: true }).click();
    await page.getByLabel('Cue duration, at most').fill('2');
    const expected = cuesFromWords(WORDS, subtitleRulesSchema.parse({ maxCueSeconds: 2 }), duration);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    const { download, path } = await exportAs(page, 'SRT');
    expect(download.suggestedFilename()).toBe('sentence.srt');
    await page.getByRole('status').getByText('Downloaded sentence.srt.').waitFor();
    const packets = await subtitlePackets(path);
    expect(packets.length).toBe(expected.length);
    packets.forEach((packet, i) => {
      expect(packet.start).toBeCloseTo(expected[i]!.start, 3);
      expect(packet.end).toBeCloseTo(expected[i]!.end, 3);
      expect(packet.end - packet.start).toBeLessThanOrEqual(2.001);
    });
    expect(packets[0]!.start).toBeCloseTo(0.2, 3);
    expect(packets.at(-1)!.end).toBeGreaterThanOrEqual(4.6 - 0.001);
    await page.getByRole('button', { name: 'Back to the defaults' }).click();
    expect(await page.getByLabel('Cue duration, at most').inputValue()).toBe('7');
  });

  it('exports VTT that Chromium\'s own WebVTT parser loads, and follows the subtitle rules', async () => {
    const { page } = h;

    const defaults = subtitleRulesSchema.parse({});
    const expected = cuesFromWords(WORDS, defaults, duration);
    const vtt = await exportAs(page, 'VTT');
    expect(vtt.download.suggestedFilename()).toBe('sentence.vtt');
    const cues = await chromiumCues(page, vtt.text);
    expect(cues.length).toBe(expected.length);
    expect(cues[0]!.start).toBeCloseTo(expected[0]!.start, 3);
    expect(cues[0]!.end).toBeCloseTo(expected[0]!.end, 3);
    expect(cues.at(-1)!.start).toBeCloseTo(expected.at(-1)!.start, 3);
    expect(cues.at(-1)!.end).toBeCloseTo(expected.at(-1)!.end, 3);
    expect(cues.map((c) => c.text).join(' ').replace(/\s+/g, ' ')).toBe(SPOKEN);

    // The rules, validated as typed: an invalid value says why and blocks the subtitle exports.
    const perLine = page.getByLabel('Characters per line, at most');
    await perLine.fill('5');
    await page.getByText('At least 10.').waitFor();
    expect(await page.getByRole('button', { name: 'Save VTT' }).isDisabled()).toBe(true);
    await perLine.fill('42');
    await page.getByLabel('Cue duration, at most').fill('1.5');
    await screenshot(page, 'transcription-export');
    const shorter = cuesFromWords(WORDS, { ...defaults, maxCueSeconds: 1.5 }, duration);
    expect(shorter.length).toBeGreaterThan(expected.length);
    const reshaped = await chromiumCues(page, (await exportAs(page, 'VTT')).text);
    expect(reshaped.length).toBe(shorter.length);
    reshaped.forEach((cue, i) => {
      expect(cue.start).toBeCloseTo(shorter[i]!.start, 3);
      expect(cue.end - cue.start).toBeLessThanOrEqual(1.5 + 0.001);
    });
    await page.getByRole('button', { name: 'Back to the defaults' }).click();
  });

  it('exports TXT and JSON too', async () => {
    const { page } = h;
    const txt = await exportAs(page, 'TXT');
    expect(txt.download.suggestedFilename()).toBe('sentence.txt');
    expect(txt.text.replace(/\s+/g, ' ').trim()).toBe(SPOKEN);
    const json = await exportAs(page, 'JSON');
    expect(JSON.parse(json.text)).toMatchObject({ text: TEXT, language: 'english', words: WORDS });
  });

  it('asks about the transcript in a new chat that carries it as the system prompt', async () => {
    const { page, fake } = h;
    await page.getByRole('button', { name: 'Ask about this transcript' }).click();
    const composer = page.getByRole('textbox', { name: 'Message', exact: true });
    await composer.waitFor();
    await page.getByRole('note', { name: 'Attached to this chat' }).getByText('Transcript attached: sentence.wav, 13 words').waitFor();
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
    expect(body.messages[0]!.content).toContain(TEXT);
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
    await transcriptBox(page).getByRole('button', { name: 'dog', exact: true }).click();
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
