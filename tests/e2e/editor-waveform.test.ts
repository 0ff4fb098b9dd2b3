import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subtitlePackets } from '../support/audio';
import { screenshot } from '../support/browser';
import { dropFiles, fileOf, openTranscribe, playedFrom, resultHeading, setPlan, useKey } from '../support/transcription';
import { HEARD, type Meeting, exportEdited, heardWords, openEditor, openMeeting, savedDocument } from '../support/transcript-editor';

// The editor's waveform in Chromium: drawn from main's peaks under the player, each row a
// region whose dragged edge retimes the row (in main's document and in the SRT that ffprobe
// reads back) by the dragged amount, and a click on it playing from there.

let meeting: Meeting;

beforeAll(async () => {
  meeting = await openMeeting();
});

afterAll(() => meeting?.close());

const waveform = (page: Page) => page.getByRole('group', { name: 'Waveform of the recording' });
/** The regions' layer spans the whole waveform: its width is the recording's length in pixels. */
const layer = (page: Page) => waveform(page).locator('[part="regions-container"]');
const regions = (page: Page) => layer(page).locator('[part~="region"]');

/** The SRT cues' starts (ms) as ffprobe reads the file the editor exports. */
async function srtStarts(page: Page): Promise<number[]> {
  const srt = await exportEdited(page, 'SRT');
  return (await subtitlePackets(srt.path)).map((cue) => Math.round(cue.start * 1000));
}

describe("the editor's waveform", () => {
  it('shows the recording as a waveform, each row a region', async () => {
    const { s, fake, recording, duration } = meeting;
    const { page } = s;
    await useKey(page, fake.keys.pro);
    await setPlan(page, 'Pro');
    await openTranscribe(page);
    fake.transcription.next({ text: HEARD, words: heardWords(), language: 'english', duration });
    await dropFiles(page, page.getByRole('main'), [fileOf(recording)]);
    await resultHeading(page, 'meeting.wav').waitFor();
    await openEditor(page);
    await waveform(page).locator('canvas').first().waitFor();
    const rows = savedDocument(s.dataDir)?.blocks.length ?? 1;
    await expect.poll(() => regions(page).count()).toBe(rows);
    await screenshot(page, 'editor-waveform');
  });

  it("retimes a row by the amount its region's edge is dragged, in main's document and the SRT", async () => {
    const { s } = meeting;
    const { page } = s;
    await page.getByText('Export the edited transcript').click();
    // A cue starts with its row's first word (its end is held on for reading), so the start edge is the one to read back.
    const [before] = await srtStarts(page);
    expect(before).toBe(200);
    const box = (await layer(page).boundingBox())!;
    const grip = (await regions(page).first().locator('[part~="region-handle-left"]').boundingBox())!;
    // A fifth of a second later: the first word (0.2–0.5 s) still starts the row.
    const dx = Math.round((0.2 * box.width) / meeting.duration);
    const x = grip.x + grip.width / 2;
    const y = grip.y + grip.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx / 2, y, { steps: 3 });
    await page.mouse.move(x + dx, y, { steps: 3 });
    await page.mouse.up();
    const dragged = Math.round((dx / box.width) * meeting.duration * 1000);
    const start = () => savedDocument(s.dataDir)?.blocks[0]?.times?.[0];
    await expect.poll(start).toBeGreaterThan(before!);
    // Within a millisecond: the pointer moves in whole pixels, the row's times are whole milliseconds.
    expect(Math.abs(start()! - (before! + dragged))).toBeLessThanOrEqual(1);
    // The subtitle's first cue starts there too, as a real parser (ffprobe) reads the exported SRT.
    expect((await srtStarts(page))[0]).toBe(start());
    await screenshot(page, 'editor-waveform-dragged');
  });

  it('plays from where the waveform is clicked', async () => {
    const { page } = meeting.s;
    const box = (await layer(page).boundingBox())!;
    // Below the regions' handles: a third of the way along the recording.
    const at = await playedFrom(page, () => waveform(page).click({ position: { x: box.width / 3, y: 10 } }));
    expect(at).toBeCloseTo(meeting.duration / 3, 0);
    // At 800×600 the waveform still fits beside everything else (judged from the screenshot).
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 800, height: 600 });
    await expect.poll(async () => (await waveform(page).boundingBox())!.width).toBeLessThan(600);
    await screenshot(page, 'editor-waveform-800x600');
    await page.setViewportSize(size);
    // wavesurfer's own stylesheet is let in by its hash alone: no CSP violation, no error.
    expect(meeting.s.errors).toEqual([]);
  });

  it("draws the closest zoom from the recording's samples, not from ten 10 ms peaks", async () => {
    const { page } = meeting.s;
    await page.evaluate(() => document.querySelectorAll('audio').forEach((audio) => audio.pause()));
    await page.getByRole('slider', { name: 'Zoom' }).fill('1');
    // The playhead inside the first word (0.2–0.5 s) brings the view there: 100 ms of speech across the waveform.
    await page.evaluate(() => (document.querySelector('audio')!.currentTime = 0.33));
    // The waveform's top edge, column by column, in the canvas under the view (inside wavesurfer's shadow root):
    // drawn from 10 ms peaks it is ten straight lines, so it turns at most ten times; from samples, at every crest.
    const turns = () =>
      page.evaluate(`(() => {
        const host = [...document.querySelectorAll('.ed-wave-box *')].find((element) => element.shadowRoot);
        const scroller = host.shadowRoot.querySelector('.scroll');
        const canvas = [...host.shadowRoot.querySelectorAll('.canvases canvas')].find((c) => c.offsetLeft <= scroller.scrollLeft && scroller.scrollLeft < c.offsetLeft + c.offsetWidth);
        if (!canvas) return 0;
        const { width, height } = canvas;
        const pixels = canvas.getContext('2d').getImageData(0, 0, width, height).data;
        const tops = [];
        for (let x = 0; x < width; x++) {
          let y = 0;
          while (y < height && pixels[(y * width + x) * 4 + 3] === 0) y++;
          tops.push(y);
        }
        let turns = 0;
        let last = 0;
        for (let x = 1; x < width; x++) {
          const step = Math.sign(tops[x] - tops[x - 1]);
          if (step && last && step !== last) turns++;
          if (step) last = step;
        }
        return turns;
      })()`) as Promise<number>;
    await expect.poll(turns).toBeGreaterThan(30);
    // A drawn pair spans about a pixel of the 100 ms across.
    const pairMs = Number(await waveform(page).getAttribute('data-fine-pair-ms'));
    const width = (await waveform(page).boundingBox())!.width;
    expect(pairMs).toBeGreaterThan(0);
    // (The stretch asked is whole milliseconds, so a pair may span a little more than a pixel.)
    expect(pairMs).toBeLessThanOrEqual((1.05 * 100) / width);
    await screenshot(page, 'editor-waveform-closest');
    expect(meeting.s.errors).toEqual([]);
  });
});
