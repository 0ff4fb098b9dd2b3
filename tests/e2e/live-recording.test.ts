import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MultipartLogBody } from '../fake-service/script';
import { type AudioFixtures, audioFixtures } from '../support/audio';
import { screenshot } from '../support/browser';
import { type RecorderRig, openRecorder, openRecorderRig, sayWhoSpoke, skipNamePrompt, speechForCapture } from '../support/recorder';
import { setPlan, useKey } from '../support/transcription';

// A meeting transcribed while it is recorded (Pro): Chromium's fake microphone speaks, the
// harness cuts the recording into parts of about 5 s in its pauses and sends each at once, so
// the fake service hears parts while recording and Stop leaves one part to send. A kill -9
// mid-recording keeps the parts already transcribed: Transcribe after the restart sends the rest.

let audio: AudioFixtures;
let rig: RecorderRig;

beforeAll(async () => {
  audio = await audioFixtures();
  rig = await openRecorderRig({ wav: await speechForCapture(audio), livePartSeconds: 5 });
  await useKey(rig.page, rig.fake.keys.pro);
  await setPlan(rig.page, 'Pro');
});

// The kill -9 leaves the page with a dropped connection to report: the journey before it is checked for errors.
afterAll(async () => {
  await rig?.close();
  await audio?.close();
});

const fileOf = (request: { body: unknown }) => (request.body as MultipartLogBody).file!;
// The parts' uploads, not the live captions' clips ("000003-mic.webm"), which go beside them.
const uploads = () => rig.fake.requests.filter((request) => request.path.startsWith('/v1/audio/transcriptions') && !/^\d{6}-(mic|system)\.(wav|webm)$/.test((request.body as MultipartLogBody).file?.filename ?? ''));
const answered = (from: number) => uploads().slice(from).filter((request) => request.status === 200).length;

describe('a meeting transcribed while it is recorded', () => {
  it('sends parts to the service while recording, and Stop sends only the parts not sent yet', async () => {
    const { page } = rig;
    await openRecorder(page);
    await skipNamePrompt(page);
    await page.getByRole('button', { name: 'Start recording' }).click();
    const recording = page.getByRole('heading', { name: 'Recording', level: 2 });
    await recording.waitFor();
    // Two parts heard and answered by the service while the recorder still records.
    await expect.poll(() => answered(0), { timeout: 40_000 }).toBeGreaterThanOrEqual(2);
    expect(await recording.isVisible()).toBe(true);
    await screenshot(page, 'recorder-live-parts-1280');

    await page.getByRole('button', { name: 'Stop' }).click();
    await sayWhoSpoke(page);
    const result = page.getByRole('heading', { name: /^Recording .+\.wav$/, level: 1 });
    const open = page.getByRole('button', { name: 'Open', exact: true });
    await result.or(open).first().waitFor({ timeout: 30_000 });
    if (await open.isVisible()) await open.click();
    await result.waitFor();
    // The parts went while recording (as Opus in WebM, named by the live sender), none of them again after
    // Stop: the job sent only the rest, encoded from the mix — the last part, and on a loaded machine also
    // the one cut just before Stop whose encode had not ended yet (parts are cut every ~5 s of audio, so
    // where Stop falls against the last cut is the machine's timing, not Confab's choice).
    const names = uploads().map((request) => fileOf(request).filename);
    const live = names.filter((name) => /^part \d+\.webm$/.test(name));
    expect(live.length).toBeGreaterThanOrEqual(2);
    expect(live).toEqual(Array.from({ length: live.length }, (_, index) => `part ${index + 1}.webm`));
    const afterStop = names.slice(live.length);
    const count = Number(/ of (\d+)\)\.webm$/.exec(afterStop[0] ?? '')?.[1]);
    expect(count - live.length, 'parts left for Stop: the last, and at most the one cut as it was pressed').toBeLessThanOrEqual(2);
    const rest = Array.from({ length: count - live.length }, (_, index) => live.length + index + 1);
    expect(afterStop.map((name) => Number(/\(part (\d+) of \d+\)\.webm$/.exec(name)?.[1])).sort((a, b) => a - b)).toEqual(rest);
    await screenshot(page, 'recorder-live-transcript-1280');
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'recorder-live-transcript-800');
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(rig.errors, 'no console error or uncaught exception').toEqual([]);
  });

  it('keeps the parts transcribed before a kill -9; Transcribe after the restart sends only the rest', async () => {
    const { page } = rig;
    const known = new Set(await readdir(join(rig.app.dataDir, 'recordings')));
    await openRecorder(page);
    const before = uploads().length;
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('heading', { name: 'Recording', level: 2 }).waitFor();
    await expect.poll(() => answered(before), { timeout: 40_000 }).toBeGreaterThanOrEqual(1);
    const id = (await readdir(join(rig.app.dataDir, 'recordings'))).find((name) => !known.has(name))!;
    const live = join(rig.app.dataDir, 'recordings', id, 'live');
    // Kept once its result is on disk.
    await expect.poll(async () => (await readdir(live)).filter((name) => /^part-\d+\.json$/.test(name)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await rig.restart({ kill: true });
    const kept = (await readdir(live)).filter((name) => /^part-\d+\.json$/.test(name)).length;
    expect(kept).toBeGreaterThanOrEqual(1);

    await openRecorder(page);
    const item = page.getByTestId('rec-waiting');
    await item.getByText(/^This recording was cut off when Confab last closed/).waitFor();
    const restarted = uploads().length;
    await item.getByRole('button', { name: 'Transcribe', exact: true }).click();
    // The job's parts, as the fake service received them: "(part 3 of 5)".
    const partsSent = () => uploads().slice(restarted).map((request) => /\(part (\d+) of (\d+)\)/.exec(fileOf(request).filename)!.slice(1).map(Number) as [number, number]);
    // Done once every part after those kept was answered.
    await expect.poll(() => {
      const sent = partsSent();
      return sent.length > 0 && answered(restarted) === sent[0]![1] - kept;
    }, { timeout: 30_000 }).toBe(true);
    await page.getByTestId('rec-waiting').waitFor({ state: 'detached' });
    // Only the parts after those kept went, each once: none of the first `kept` again.
    const sent = partsSent().map(([part]) => part);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(Math.min(...sent)).toBe(kept + 1);
    expect(new Set(sent).size).toBe(sent.length);
    expect(Math.max(...sent)).toBe(partsSent()[0]![1]);
    await screenshot(page, 'recorder-live-recovered-1280');
  });
});
