import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AudioFixtures, audioFixtures } from '../support/audio';
import { screenshot } from '../support/browser';
import { type RecorderRig, openRecorder, openRecorderRig, shownElapsed, skipNamePrompt, speechForCapture } from '../support/recorder';
import { setPlan, useKey } from '../support/transcription';

// The recorder's notes pad, as one journey (each step needs the recording the one before made):
// the user types while Chromium's fake microphone speaks, drops a marker, reloads and types on
// before the capture restarts, pastes a line longer than a line may be, is refused a Stop that
// cannot save the pad, and the harness is killed with SIGKILL mid-recording. After the restart the recovered recording is transcribed and
// every line typed (the marker's too) shows beside the transcript's paragraph it was written
// during, with its time, and each is kept and filled in by the meeting notes made from the
// transcript.

let audio: AudioFixtures;
let rig: RecorderRig;

/** Set in the tab's session storage: the next page load's microphone opens only once the test calls `releaseMic()`. */
const HOLD_MIC = 'test.hold-mic';
function holdMicOnce(flag: string) {
  if (sessionStorage.getItem(flag) !== '1') return;
  sessionStorage.removeItem(flag);
  const media = navigator.mediaDevices;
  const open = media.getUserMedia.bind(media);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  Object.assign(window, { releaseMic: release });
  media.getUserMedia = async (constraints) => {
    await held;
    return open(constraints);
  };
}

beforeAll(async () => {
  audio = await audioFixtures();
  rig = await openRecorderRig({ wav: await speechForCapture(audio) });
  await rig.page.addInitScript(holdMicOnce, HOLD_MIC);
  await useKey(rig.page, rig.fake.keys.pro);
  await setPlan(rig.page, 'Pro');
});

afterAll(async () => {
  await rig?.close();
  await audio?.close();
});

const pad = (page: Page) => page.getByRole('textbox', { name: 'Your notes' });
/**
 * The pad's text replaced as a paste replaces it: the new value, then an input event. Playwright's
 * `fill` inserts thousands of lines too slowly to finish.
 */
const pasteAll = (page: Page, text: string) =>
  pad(page).evaluate((element, value) => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
/** What main keeps of the pad (the recording's notes.json), as the next start will find it. */
async function keptLines(): Promise<Array<{ at: number; text: string }>> {
  const dir = join(rig.app.dataDir, 'recordings');
  const [id] = await readdir(dir).catch(() => [] as string[]);
  return id ? JSON.parse(await readFile(join(dir, id, 'notes.json'), 'utf8').catch(() => '[]')) : [];
}

describe('notes typed while recording', () => {
  it('are kept by main with their times as typed, come back to a reloaded page, are never dropped by Stop, survive a kill -9 and show beside the transcript', async () => {
    const { page } = rig;
    await openRecorder(page);
    await skipNamePrompt(page);
    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect.poll(() => shownElapsed(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await pad(page).click();
    await page.keyboard.type('Budget: Anna wants 12 %');
    await page.keyboard.press('Enter');
    await expect.poll(() => shownElapsed(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    await page.getByRole('button', { name: /^Mark/ }).click();
    // The marker is a line of its own, and typing goes on below it.
    await expect.poll(() => pad(page).inputValue()).toBe('Budget: Anna wants 12 %\n◆ Marker 1\n');
    await pad(page).focus();
    await page.keyboard.press('Control+End');
    // A line not ended with Enter: kept within a second of typing.
    await page.keyboard.type('Steel is late');
    await expect.poll(keptLines, { timeout: 15_000 }).toHaveLength(3);
    const [budget, marker, steel] = await keptLines();
    expect(budget!.text).toBe('Budget: Anna wants 12 %');
    expect(budget!.at).toBeGreaterThanOrEqual(2);
    expect(budget!.at).toBeLessThan(5);
    expect(marker!.text).toBe('◆ Marker 1');
    expect(marker!.at).toBeGreaterThanOrEqual(5);
    expect(steel).toMatchObject({ text: 'Steel is late' });
    expect(steel!.at).toBeGreaterThanOrEqual(marker!.at);

    // A page that reloads mid-recording takes its pad back from main, and typing goes on with the
    // times kept at once, before the capture runs again: the microphone is held until the typing is kept.
    await page.evaluate((flag) => sessionStorage.setItem(flag, '1'), HOLD_MIC);
    await page.reload();
    await openRecorder(page);
    await expect.poll(() => pad(page).inputValue(), { timeout: 15_000 }).toBe('Budget: Anna wants 12 %\n◆ Marker 1\nSteel is late');
    await pad(page).focus();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(', says Bilal');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Bilal agrees');
    await expect.poll(async () => (await keptLines()).map((line) => line.text), { timeout: 15_000 }).toEqual([
      'Budget: Anna wants 12 %',
      '◆ Marker 1',
      'Steel is late, says Bilal',
      'Bilal agrees',
    ]);
    const [, , , agrees] = await keptLines();
    expect((await keptLines()).slice(0, 3).map((line) => line.at)).toEqual([budget!.at, marker!.at, steel!.at]);
    // A line begun before the capture runs again is written where it goes on from.
    expect(agrees!.at).toBeGreaterThanOrEqual(steel!.at);
    await page.evaluate(() => (window as unknown as { releaseMic(): void }).releaseMic());
    const reattached = await shownElapsed(page);
    await expect.poll(() => shownElapsed(page), { timeout: 30_000 }).toBeGreaterThan(reattached);

    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'recorder-notes-pad-1440');
    await page.setViewportSize({ width: 800, height: 600 });
    await pad(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'recorder-notes-pad-800');
    await page.setViewportSize({ width: 1280, height: 800 });

    // More lines than main keeps: Stop cannot save the pad, so the recording goes on, the pad says
    // why and keeps every line; with them taken away again, what stands is saved.
    const typedSoFar = await pad(page).inputValue();
    const tooMany = `${typedSoFar}\n${'x\n'.repeat(5_001)}`;
    await pasteAll(page, tooMany);
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: /^Your notes are not saved yet: Your notes have more than 5,000 lines, so they cannot be saved\. Join or remove some lines\./ }).waitFor();
    await screenshot(page, 'recorder-notes-unsent-1280');
    expect(await pad(page).inputValue()).toBe(tooMany);
    const running = await shownElapsed(page);
    await expect.poll(() => shownElapsed(page), { timeout: 30_000 }).toBeGreaterThan(running);
    // A pasted line longer than a line may be is kept whole, as lines of at most 2,000 characters at its time.
    const pasted = `Pasted: ${'minutes '.repeat(300)}end`;
    await pasteAll(page, `${typedSoFar}\n${pasted}`);
    await expect.poll(async () => (await keptLines()).length, { timeout: 15_000 }).toBe(6);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: /^Your notes are not saved yet: / }).count()).toBe(0);
    const pieces = (await keptLines()).slice(4);
    expect(pieces.map((line) => line.text).join('')).toBe(pasted);
    expect(pieces[0]!.at).toBe(pieces[1]!.at);

    const kept = await keptLines();
    await rig.restart({ kill: true });
    await openRecorder(page);
    const item = page.getByTestId('rec-waiting');
    await item.getByText(/^This recording was cut off when Confab last closed/).waitFor();
    await item.getByRole('button', { name: 'Transcribe', exact: true }).click();
    const result = page.getByRole('heading', { name: /^Recording .+\.wav$/, level: 1 });
    const open = page.getByRole('button', { name: 'Open', exact: true });
    await result.or(open).first().waitFor({ timeout: 30_000 });
    if (await open.isVisible()) await open.click();
    await result.waitFor();

    const notes = page.getByRole('complementary', { name: 'Your notes' });
    await notes.first().waitFor();
    // Each line beside the paragraph said while it was written: that paragraph starts at or before
    // its time, the next one after it (the last paragraph takes the rest).
    const placed = await page.locator('.note-line').evaluateAll((lines) => {
      const starts = [...document.querySelectorAll<HTMLElement>('.para-time')].map((time) => Number(time.dataset.start));
      return lines.map((line) => {
        const start = Number(line.closest('.para-row')!.querySelector<HTMLElement>('.para-time')!.dataset.start);
        const at = Number(line.querySelector<HTMLElement>('.note-time')!.dataset.start);
        return { text: line.querySelector('.note-text')!.textContent, at, start, next: starts.find((other) => other > start) ?? null };
      });
    });
    expect(placed.map(({ text, at }) => ({ text, at }))).toEqual(kept);
    for (const line of placed) {
      expect(line.start).toBeLessThanOrEqual(line.at);
      if (line.next !== null) expect(line.next).toBeGreaterThan(line.at);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'transcript-notes-1440');
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'transcript-notes-800');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Make notes: main reads the lines from the transcript itself, and every one is kept, filled in.
    const panel = page.getByRole('region', { name: 'Notes' });
    await panel.getByRole('button', { name: 'Make notes', exact: true }).click();
    await panel.getByRole('button', { name: 'Make notes again' }).waitFor({ timeout: 30_000 });
    const users = await panel.locator('.note-user').allTextContents();
    expect([...users].sort()).toEqual(kept.map((line) => line.text).sort());
  });
});
