import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { type Harness, fileInput, openApp, openTranscribe, setPlan, useKey } from '../support/transcription';

// The reported defect: in the browser harness a 2 GB file that is not audio was uploaded whole
// (25 s) before main refused it. The page now sends its first bytes for main to judge first.

let h: Harness;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'confab-file-check-'));
  h = await openApp();
});

afterAll(async () => {
  await h?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a file the page is given in the browser harness', () => {
  it('is refused from its first bytes when it is not audio, before any of the rest is uploaded', async () => {
    const { page, fake } = h;
    await useKey(page, fake.keys.pro);
    await setPlan(page, 'Pro');
    // 2 GB of which only the start is written (a sparse file): minutes of a meeting, as text.
    const path = join(dir, 'notes.mp3');
    const file = await open(path, 'w');
    const text = Buffer.from('Minutes of the weekly sync, not a recording. '.repeat(200));
    await file.write(text, 0, text.length, 0);
    await file.truncate(2 * 1024 ** 3);
    await file.close();
    const requests: Request[] = [];
    page.on('request', (request) => new URL(request.url()).pathname.startsWith('/files') && requests.push(request));
    await openTranscribe(page);

    await fileInput(page).setInputFiles(path);
    await page.getByText(/notes\.mp3 cannot be transcribed: its content is not a known audio format/).first().waitFor();
    expect(requests.map((request) => `${request.method()} ${new URL(request.url()).pathname}`)).toEqual(['POST /files/check']);
    expect(Number((await requests[0]!.allHeaders())['content-length'])).toBeLessThanOrEqual(4100);
    await screenshot(page, 'file-check-not-audio');
  });
});
