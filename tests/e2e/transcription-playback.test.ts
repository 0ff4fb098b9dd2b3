import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AudioFixtures, audioFixtures } from '../support/audio';
import { closeExpectingNoErrors } from '../support/harness';
import { type Harness, WORDS, highlighted, openSentenceResult, player, playingNow, transcriptBox } from '../support/transcription';

// Playback on a transcript's result in Chromium: the word being spoken is marked as the recording
// plays, and a click on a word or a paragraph's time plays from there.

let h: Harness;
let audio: AudioFixtures;

beforeAll(async () => {
  audio = await audioFixtures();
  ({ h } = await openSentenceResult(audio));
});

afterAll(async () => {
  await closeExpectingNoErrors(h);
  await audio?.close();
});

describe('playback that follows the words', () => {
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
    // The page's paragraphs are the text export's (main's rows, a new paragraph after a 2-s pause): here one, from the first word.
    await playsFrom(transcriptBox(page).getByRole('button', { name: 'Play from 0:00.20' }), 0.2);
  });
});
