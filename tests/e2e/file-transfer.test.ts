import { readFile } from 'node:fs/promises';
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AudioFixtures, audioFixtures } from '../support/audio';
import { screenshot } from '../support/browser';
import { type Harness, fileInput, lastTranscriptionRequest, openApp, openTranscribe, player, resultHeading, setPlan, sidebar, useKey } from '../support/transcription';

// How a file's bytes travel in the browser harness: once, raw, over HTTP — never inside a
// WebSocket frame — and back for playback by range requests on a signed URL.

let h: Harness;
let audio: AudioFixtures;
let recording: string;
let bytes: Buffer;

beforeAll(async () => {
  audio = await audioFixtures();
  // About 17 MB: a spoken sentence and six and a half minutes of silence (22.05 kHz, 16-bit).
  recording = await audio.pad(await audio.speak('sentence.wav', 'Files travel as bytes, once.'), 'meeting.wav', 390);
  bytes = await readFile(recording);
  h = await openApp();
});

afterAll(async () => {
  await h?.close();
  await audio?.close();
});

describe('files in the browser harness', () => {
  it('sends a picked file to main once, as the raw body of one upload, and nothing of it over the WebSocket', async () => {
    const { page, fake } = h;
    await useKey(page, fake.keys.pro);
    await setPlan(page, 'Pro');
    // Watch the bridge from its first frame: the page reconnects after a reload.
    const frames: string[] = [];
    const uploads: Request[] = [];
    page.on('websocket', (socket) => socket.on('framesent', ({ payload }) => frames.push(String(payload))));
    page.on('request', (request) => request.url().includes('/files?') && uploads.push(request));
    await page.reload();
    await openTranscribe(page);

    await fileInput(page).setInputFiles(recording);
    await resultHeading(page, 'meeting.wav').waitFor();
    expect(lastTranscriptionRequest(fake)!.file!.size).toBe(bytes.length);

    expect(uploads.map((request) => request.method())).toEqual(['PUT']);
    const headers = await uploads[0]!.allHeaders();
    expect(Number(headers['content-length'])).toBe(bytes.length);
    expect(headers['content-type']).toBe('application/octet-stream');
    expect(new URL(uploads[0]!.url()).searchParams.get('name')).toBe('meeting.wav');
    // Every frame the page sent is a small JSON call; together they are a sliver of the file.
    const sent = frames.reduce((total, frame) => total + frame.length, 0);
    expect(sent).toBeLessThan(64 * 1024);
    const header = bytes.subarray(0, 3 * 1024).toString('base64');
    expect(frames.some((frame) => frame.includes(header) || frame.includes('stageChunk'))).toBe(false);
    await screenshot(page, 'file-transfer-result');
  });

  it('plays a saved recording from a signed URL by range requests, and a seek fetches from the new place', async () => {
    const { page, app } = h;
    const media: Array<{ range: string | undefined; status: number }> = [];
    page.on('response', async (response) => {
      if (!response.url().includes('/media/')) return;
      media.push({ range: (await response.request().allHeaders()).range, status: response.status() });
    });
    await page.reload();
    await sidebar(page).getByRole('button', { name: 'meeting.wav' }).click();
    await resultHeading(page, 'meeting.wav').waitFor();
    await expect.poll(() => player(h.page).evaluate((el: HTMLAudioElement) => el.readyState)).toBeGreaterThanOrEqual(1);
    const src = (await player(h.page).getAttribute('src'))!;
    expect(src).toMatch(/^\/media\/[\w-]+\?expires=\d+&sig=[\w-]+$/);
    await expect.poll(() => media.length).toBeGreaterThan(0);
    expect(media[0]).toEqual({ range: 'bytes=0-', status: 206 });

    // Seeking near the end: the player asks main for the bytes from there, and gets 206.
    const byteAt = (seconds: number) => 44 + Math.floor(seconds * 22_050) * 2;
    await player(h.page).evaluate((el: HTMLAudioElement) => (el.currentTime = 380));
    await expect
      .poll(() => media.some(({ range, status }) => status === 206 && Number(/^bytes=(\d+)-/.exec(range ?? '')?.[1]) >= byteAt(300)))
      .toBe(true);

    // What a range answers is exactly those bytes of the recording.
    const slice = await fetch(app.origin + src, { headers: { Range: 'bytes=1000000-1000999' } });
    expect(slice.status).toBe(206);
    expect(slice.headers.get('content-range')).toBe(`bytes 1000000-1000999/${bytes.length}`);
    expect(Buffer.from(await slice.arrayBuffer()).equals(bytes.subarray(1_000_000, 1_001_000))).toBe(true);
    // The same path without its signature, or with another's, is refused.
    expect((await fetch(app.origin + src.split('?')[0])).status).toBe(403);
    expect(h.errors).toEqual([]);
  });
});
