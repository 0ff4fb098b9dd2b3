import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cuesFromWords } from '../../electron/core/services/subtitles';
import { subtitleRulesSchema } from '../../shared/domain/transcript';
import { type AudioFixtures, audioFixtures, subtitlePackets } from '../support/audio';
import { screenshot } from '../support/browser';
import { closeExpectingNoErrors } from '../support/harness';
import { chromiumCues } from '../support/webvtt';
import { type Harness, SPOKEN, TEXT, WORDS, exportAs, openSentenceResult } from '../support/transcription';

// A transcript's exports in Chromium: SRT and VTT read back by real parsers (ffprobe, Chromium's
// own WebVTT), cue by cue at the times the subtitle rules give, the rules' validation, TXT and JSON.

let h: Harness;
let audio: AudioFixtures;
let duration: number;

beforeAll(async () => {
  audio = await audioFixtures();
  ({ h, duration } = await openSentenceResult(audio));
});

afterAll(async () => {
  await closeExpectingNoErrors(h);
  await audio?.close();
});

describe('transcript exports', () => {
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
});
