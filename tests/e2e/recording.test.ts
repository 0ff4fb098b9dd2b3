import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Page } from 'playwright-core';
import { BRIDGE_PATH } from '../../shared/contract/bridge-protocol';
import { decodeChunkFrame } from '../../shared/contract/chunk-frame';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AudioFixtures, audioFixtures } from '../support/audio';
import { screenshot } from '../support/browser';
import { type RecorderRig, meterLevel, openRecorder, openRecorderRig, sayWhoSpoke, shownElapsed, sidebar, speechForCapture, whoSpokeCard } from '../support/recorder';
import { player, setPlan, transcriptBox, transcriptionRequestCount, useKey } from '../support/transcription';

// A meeting recorded in the harness with Chromium's fake microphone playing a speech file: the
// recorder's controls, the chunks reaching main, and the stopped recording transcribed and played.

let audio: AudioFixtures;
let rig: RecorderRig;
/** While set, the page's chunks are lost on the way to main and answered as a broken connection is. */
let losingChunks = false;

/** The page's bridge through a route that can lose its chunk frames (binary; calls and events pass). */
const routeBridge = (page: Page) =>
  page.routeWebSocket(
    (url) => url.pathname === BRIDGE_PATH,
    (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((message) => {
        const lost = losingChunks && typeof message !== 'string' ? decodeChunkFrame(message) : null;
        if (lost) socket.send(JSON.stringify({ type: 'result', seq: lost.seq, envelope: { ok: false, error: { code: 'disconnected', message: 'lost', problem: { code: 'bridge.disconnected', values: {} } } } }));
        else server.send(message);
      });
      server.onMessage((message) => socket.send(message));
    },
  );

beforeAll(async () => {
  audio = await audioFixtures();
  rig = await openRecorderRig({ wav: await speechForCapture(audio), beforeLoad: routeBridge });
  await useKey(rig.page, rig.fake.keys.pro);
  await setPlan(rig.page, 'Pro');
});

afterAll(async () => {
  const errors = rig?.errors ?? [];
  await rig?.close();
  await audio?.close();
  expect(errors, 'no console error or uncaught exception').toEqual([]);
});

/** The elapsed time shown as each marker was dropped. */
const markedAt: number[] = [];

/** The markers main kept with the newest transcript, read from its database as another process would. */
function keptMarkers(): Array<{ at: number; label: string }> {
  const db = new DatabaseSync(join(rig.app.dataDir, 'history.sqlite'), { readOnly: true });
  try {
    const row = db.prepare('SELECT transcript FROM transcripts ORDER BY created_at DESC LIMIT 1').get() as { transcript: string } | undefined;
    return row ? ((JSON.parse(row.transcript) as { markers?: Array<{ at: number; label: string }> }).markers ?? []) : [];
  } finally {
    db.close();
  }
}

/** Runs before the page's own scripts: keeps every AudioContext the page makes and every microphone it opens, for the test to look at. */
function keepAudioContexts() {
  const Native = window.AudioContext;
  const made: AudioContext[] = [];
  const opened: MediaStream[] = [];
  Object.assign(window, { confabTestContexts: made, confabTestMics: opened });
  window.AudioContext = class extends Native {
    constructor(options?: AudioContextOptions) {
      super(options);
      made.push(this);
    }
  };
  const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    const stream = await getUserMedia(constraints);
    opened.push(stream);
    return stream;
  };
}

/** The page's running AudioContexts: their rate and where they render (the default device reads as ''). */
const runningContexts = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { confabTestContexts: Array<AudioContext & { sinkId: string | { type: string } }> }).confabTestContexts
      .filter((context) => context.state === 'running')
      .map((context) => ({ sampleRate: context.sampleRate, sink: typeof context.sinkId === 'string' ? context.sinkId : context.sinkId.type })),
  );

/** The processing Chromium applies to each live microphone track the page opened. */
const liveMicProcessing = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { confabTestMics: MediaStream[] }).confabTestMics
      .flatMap((stream) => stream.getAudioTracks())
      .filter((track) => track.readyState === 'live')
      .map((track) => {
        const { echoCancellation, noiseSuppression, autoGainControl } = track.getSettings();
        return { echoCancellation, noiseSuppression, autoGainControl };
      }),
  );

const elapsedReaches = (seconds: number) => expect.poll(() => shownElapsed(rig.page), { timeout: seconds * 1000 + 15_000 }).toBeGreaterThanOrEqual(seconds);

describe('recording a meeting', () => {
  it('asks the user\'s own name once, before the first recording, saying what it is for', async () => {
    const { page } = rig;
    await openRecorder(page);
    const prompt = page.getByRole('form', { name: 'Your name in transcripts' });
    // Only the microphone can be had here: the prompt promises what a microphone alone does, nothing a second track would.
    await prompt.getByText(/^Only your microphone can be recorded here, and one microphone may hear the whole room\. So after Stop you say whether all of it is you/).waitFor();
    expect(await prompt.getByText(/Others/).count()).toBe(0);
    await prompt.getByRole('button', { name: 'Save and continue' }).click();
    await prompt.getByText('Enter your name.', { exact: true }).waitFor();
    await screenshot(page, 'recorder-name-1280');
    await prompt.getByRole('textbox', { name: 'Your name' }).fill('  Ada Lovelace ');
    await prompt.getByRole('button', { name: 'Save and continue' }).click();
    await prompt.waitFor({ state: 'detached' });
    // Kept by main: a reloaded page does not ask again.
    await page.reload();
    await openRecorder(page);
    await page.getByRole('button', { name: 'Start recording' }).waitFor();
    expect(await prompt.count()).toBe(0);
  });

  it('says before recording that system audio cannot be had here, and offers the microphone', async () => {
    const { page } = rig;
    await page.getByTestId('rec-system-unavailable').getByText(/^System audio cannot be recorded here/).waitFor();
    expect(await page.getByRole('checkbox', { name: /Also record system audio/ }).isDisabled()).toBe(true);
    // ...and says, for the sources it will record, what happens to who spoke.
    await page.getByTestId('rec-labels').getByText('Microphone only: after Stop you say whether all of it is you or several people spoke.', { exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Microphone' }).waitFor();
    await screenshot(page, 'recorder-idle-1280');
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'recorder-idle-800');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('records with a moving meter and elapsed time, pauses, resumes and marks', async () => {
    const { page } = rig;
    await page.context().addInitScript(keepAudioContexts);
    await page.reload();
    await openRecorder(page);
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('heading', { name: 'Recording', level: 2 }).waitFor();
    // The fake microphone speaks: the meter moves off zero.
    await expect.poll(() => meterLevel(page, 'Microphone level')).toBeGreaterThan(0.02);
    // ...captured by a context that renders to no output device: nothing is resampled for a device that would play nothing.
    expect(await runningContexts(page)).toEqual([{ sampleRate: 16_000, sink: 'none' }]);
    // ...from a microphone Chromium does not process: its echo canceller removes only what Chromium
    // itself plays, which while recording is nothing (a call's sound comes from another program).
    expect(await liveMicProcessing(page)).toEqual([{ echoCancellation: false, noiseSuppression: false, autoGainControl: false }]);
    await elapsedReaches(3);
    await screenshot(page, 'recorder-recording-1280');

    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('heading', { name: 'Paused', level: 2 }).waitFor();
    const atPause = await shownElapsed(page);
    await screenshot(page, 'recorder-paused-1280');
    // Paused: the time shown stays where it was while main says paused (read again after a round trip to main).
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    expect(await shownElapsed(page)).toBeLessThanOrEqual(atPause + 1);
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByRole('heading', { name: 'Recording', level: 2 }).waitFor();

    // A reload mid-recording: the page finds the recording in main's watch and takes the capture back.
    await elapsedReaches(atPause + 1);
    const beforeReload = await shownElapsed(page);
    await page.reload();
    // The sidebar says a recording runs, from whatever screen the reloaded page opens on.
    await openRecorder(page);
    await page.getByRole('heading', { name: 'Recording', level: 2 }).waitFor();
    await elapsedReaches(beforeReload + 2);
    await expect.poll(() => meterLevel(page, 'Microphone level')).toBeGreaterThan(0.02);

    markedAt.push(await shownElapsed(page));
    await page.getByRole('button', { name: /^Mark/ }).click();
    await page.getByText('1 marker', { exact: true }).waitFor();
    // The shortcut marks too.
    markedAt.push(await shownElapsed(page));
    await page.keyboard.press('Control+Shift+M');
    await page.getByText('2 markers', { exact: true }).waitFor();
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'recorder-recording-800');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('says within seconds when audio stops reaching main, and carries on once it does again', async () => {
    const { page } = rig;
    const failed = rig.errors.length;
    // The chunks lost on the way: the page keeps each one and sends the same seq again.
    losingChunks = true;
    const banner = page.getByTestId('rec-notice').getByText(/^No audio has reached Confab for \d+ s\./);
    await banner.waitFor({ timeout: 15_000 });
    await screenshot(page, 'recorder-banner-1280');
    losingChunks = false;
    await banner.waitFor({ state: 'detached', timeout: 20_000 });
    expect(rig.errors.slice(failed)).toEqual([]);
    await elapsedReaches(20);
  });

  it('stops into the transcription queue; the service receives the recording, and its transcript opens', async () => {
    const { page, fake } = rig;
    const before = transcriptionRequestCount(fake);
    await page.getByRole('button', { name: 'Stop' }).click();
    // Main closes the files, mixes the tracks and queues the recording before it answers.
    await expect.poll(() => transcriptionRequestCount(fake), { timeout: 30_000 }).toBeGreaterThan(before);
    // A microphone alone: the recorder asks who spoke, as the name prompt said it would, with the focus on the question.
    const card = whoSpokeCard(page);
    await card.getByText('Only your microphone was recorded, so Confab cannot tell the voices apart.', { exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Who spoke in this recording?');
    await screenshot(page, 'recorder-who-spoke-1280');
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'recorder-who-spoke-800');
    await page.setViewportSize({ width: 1280, height: 800 });
    // Main keeps the question, not the page: a reload before answering asks it again, naming the recording.
    await page.reload();
    await openRecorder(page);
    await card.getByText(/^Recorded .+, .+/).waitFor();
    await sayWhoSpoke(page, 'All of this is me');
    // A recording alone in the queue opens when it is done, as a dropped file does; Open is there until then.
    const result = page.getByRole('heading', { name: /^Recording .+\.wav$/, level: 1 });
    const open = page.getByRole('button', { name: 'Open', exact: true });
    await result.or(open).first().waitFor({ timeout: 30_000 });
    if (await open.isVisible()) await open.click();
    await result.waitFor();
  });

  it('labels every word with the name the prompt asked for, as it said, and is found by that name', async () => {
    const { page } = rig;
    const speakers = transcriptBox(page).locator('.para-speaker');
    await speakers.first().waitFor();
    expect(new Set((await speakers.allInnerTexts()).map((text) => text.trim()))).toEqual(new Set(['Ada Lovelace:']));
    const search = sidebar(page).getByRole('searchbox', { name: 'Search conversations and transcripts' });
    await search.fill('Ada Lovelace');
    const hit = sidebar(page).getByRole('button', { name: /^Recording .+\.wav .*Transcript/ });
    await hit.locator('mark', { hasText: 'Lovelace' }).first().waitFor();
    await screenshot(page, 'recorder-search-speaker-1280');
    await hit.click();
    await page.getByRole('heading', { name: /^Recording .+\.wav$/, level: 1 }).waitFor();
    await search.fill('');
  });

  it('keeps the markers with the transcript, where they were dropped', async () => {
    const markers = keptMarkers();
    expect(markers).toHaveLength(2);
    // Seconds of audio kept when each was dropped: what the elapsed time showed then (whole seconds),
    // at most the last chunk earlier (main never places a marker past the audio it has written).
    markers.forEach((marker, index) => {
      expect(marker.at).toBeGreaterThanOrEqual(markedAt[index]! - 1.5);
      expect(marker.at).toBeLessThan(markedAt[index]! + 1.5);
    });
  });

  it('plays the recording with its transcript', async () => {
    const { page } = rig;
    await player(page).waitFor();
    await player(page).evaluate((el: HTMLAudioElement) => el.play());
    await expect.poll(() => player(page).evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.5);
    const duration = await player(page).evaluate((el: HTMLAudioElement) => el.duration);
    expect(duration).toBeGreaterThanOrEqual(19);
    await player(page).evaluate((el: HTMLAudioElement) => el.pause());
    await screenshot(page, 'recorder-transcript-1280');
  });

  it('shows both markers in the transcript where they fall, with their times, and plays from one on a click', async () => {
    const { page } = rig;
    const kept = keptMarkers();
    const clock = (at: number) => `${Math.floor(at / 60)}:${String(Math.floor(at % 60)).padStart(2, '0')}`;
    const shown = kept.map((marker, index) => transcriptBox(page).getByRole('button', { name: new RegExp(`^Marker ${index + 1}\\s*${clock(marker.at)}$`) }));
    for (const marker of shown) await marker.waitFor();
    // Each sits between the paragraphs around its time: after every paragraph that starts before it, before the rest.
    const misplaced = await transcriptBox(page).evaluate((box) => {
      const starts = [...box.querySelectorAll<HTMLElement>('.para-time[data-start], .marker[data-start]')].map((el) => ({
        marker: el.classList.contains('marker'),
        at: Number(el.dataset.start),
      }));
      return starts.filter(({ marker, at }, index) => marker && starts.some((other, j) => !other.marker && (j < index ? other.at > at : other.at < at)));
    });
    expect(misplaced).toEqual([]);
    await screenshot(page, 'recorder-transcript-markers-1280');

    await shown[1]!.click();
    // The click plays from the marker: the playhead starts there and moves on.
    await expect.poll(() => player(page).evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 10_000 }).toBeGreaterThan(kept[1]!.at);
    expect(await player(page).evaluate((el: HTMLAudioElement) => el.currentTime)).toBeLessThan(kept[1]!.at + 3);
    await player(page).evaluate((el: HTMLAudioElement) => el.pause());
  });
});
