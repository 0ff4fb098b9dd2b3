import { execFile } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createPeakReader } from '../../../../electron/core/services/audio-split';
import { createWaveforms } from '../../../../electron/core/services/waveform/waveform-service';
import { contract } from '../../../../shared/contract';
import { testFolder } from '../../../support/temp-folder';

// The editor's waveform as main makes it: a real recording read in a splitter process into
// 10 ms [low, high] pairs, kept in the data folder, and read again from there on reopening,
// never from the recording twice.

const run = promisify(execFile);

/** `seconds` long (four by default): silence, but a second of a half-scale tone from `at` (2 s). */
async function toneAt(dir: string, name: string, rate = 16_000, seconds = 4, at = 2): Promise<string> {
  const path = join(dir, name);
  const tone = `if(between(t\\,${at}\\,${at + 1})\\,0.5*sin(2*PI*440*t)\\,0)`;
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `aevalsrc=${tone}:s=${rate}:d=${seconds}`, path]);
  return path;
}

const pairs = (base64: string) => new Int8Array(Buffer.from(base64, 'base64'));

/** Four seconds of silence at 16 kHz, then from sample `first` on a half-scale 440 Hz tone at its crest (its first sample is +0.5). */
async function toneFromSample(dir: string, name: string, first: number): Promise<string> {
  const path = join(dir, name);
  const tone = `if(gte(n\\,${first})\\,0.5*cos(2*PI*440*(n-${first})/16000)\\,0)`;
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `aevalsrc=${tone}:s=16000:d=4`, path]);
  return path;
}

describe("the editor's waveform", () => {
  it('reads a recording into 10 ms peaks once, keeps them, and reads them back on reopening without decoding again', async () => {
    const dir = await testFolder('confab-waveform-');
    const audio = await toneAt(dir, 'meeting.wav');
    const processes: string[] = [];
    const reader = createPeakReader({ onPeakRss: (_kib, request) => processes.push(request) });
    const open = () => createWaveforms({ dir: join(dir, 'waveforms'), audioPath: (id) => (id === 'kept' ? audio : null), reader });

    const first = await open().chunk('kept', 0);
    expect(first).not.toBeNull();
    expect(first!.windowMs).toBe(10);
    expect(first!.windows).toBe(400);
    const peaks = pairs(first!.peaks);
    expect(peaks.length).toBe(800);
    const window = (i: number) => [peaks[i * 2]!, peaks[i * 2 + 1]!];
    // Silence is flat; the tone's windows reach half scale both ways, from 2 s to 3 s exactly.
    expect(window(100)).toEqual([0, 0]);
    expect(window(199)).toEqual([0, 0]);
    for (const i of [201, 250, 298]) {
      expect(window(i)[0]).toBeLessThan(-60);
      expect(window(i)[1]).toBeGreaterThan(60);
    }
    expect(window(301)).toEqual([0, 0]);
    expect(processes).toEqual(['peaks']);

    // Reopened (a new service over the same data folder, as after a restart): the kept file answers.
    const again = await open().chunk('kept', 200);
    expect(again!.from).toBe(200);
    expect(pairs(again!.peaks)).toEqual(peaks.subarray(400));
    expect(processes).toEqual(['peaks']);
    expect(await readdir(join(dir, 'waveforms'))).toEqual(['kept.peaks']);

    // A transcript without its recording has no waveform.
    expect(await open().chunk('no-audio', 0)).toBeNull();
    await reader.close();
  });

  it('reads a recording again when it was replaced, and two windows opening it at once share one reading', async () => {
    const dir = await testFolder('confab-waveform-');
    const audio = await toneAt(dir, 'meeting.wav');
    const processes: string[] = [];
    const reader = createPeakReader({ onPeakRss: (_kib, request) => processes.push(request) });
    const waveforms = createWaveforms({ dir: join(dir, 'waveforms'), audioPath: () => audio, reader });
    const [a, b] = await Promise.all([waveforms.chunk('t', 0), waveforms.chunk('t', 0)]);
    expect(a).toEqual(b);
    expect(processes).toEqual(['peaks']);
    // The same name, another recording (8 kHz now, so a different size).
    await toneAt(dir, 'meeting.wav', 8000);
    expect((await waveforms.chunk('t', 0))!.windows).toBe(400);
    expect(processes).toEqual(['peaks', 'peaks']);
    await waveforms.forget('t');
    expect(await readdir(join(dir, 'waveforms'))).toEqual([]);
    await reader.close();
  });

  it('a transcript deleted while its recording is read stops the reading and keeps no peaks for it', async () => {
    const dir = await testFolder('confab-waveform-');
    const audio = await toneAt(dir, 'meeting.wav');
    const reader = createPeakReader();
    const waveforms = createWaveforms({ dir: join(dir, 'waveforms'), audioPath: () => audio, reader });
    const asked = expect(waveforms.chunk('t', 0)).rejects.toMatchObject({ code: 'editor.transcript_gone' });
    await waveforms.forget('t');
    await asked;
    expect(await readdir(join(dir, 'waveforms')).catch(() => [])).toEqual([]);
    await reader.close();
  });

  it('gives a long recording first as an overview: its whole length in at most 20,000 pairs, each the extremes of the windows it covers', async () => {
    const dir = await testFolder('confab-waveform-');
    // 250 s: 25,000 windows of 10 ms, so each overview pair covers two; the tone from 100 s to 101 s.
    const audio = await toneAt(dir, 'long.wav', 8000, 250, 100);
    const reader = createPeakReader();
    const waveforms = createWaveforms({ dir: join(dir, 'waveforms'), audioPath: () => audio, reader });
    const overview = (await waveforms.chunk('t', 0, true))!;
    expect(overview).toMatchObject({ windowMs: 20, windows: 12_500, from: 0, durationMs: 250_000 });
    const peaks = pairs(overview.peaks);
    expect(peaks.length).toBe(25_000);
    const loudest = (from: number, to: number) => Math.max(...Array.from(peaks.subarray(from * 2, to * 2)).map(Math.abs));
    expect(loudest(0, 4999)).toBe(0);
    expect(loudest(5001, 5049)).toBeGreaterThan(60);
    expect(loudest(5051, 12_500)).toBe(0);
    // The full peaks: the same recording, read once.
    expect((await waveforms.chunk('t', 0))!).toMatchObject({ windowMs: 10, windows: 25_000, durationMs: 250_000 });
    await reader.close();
  });

  it('draws the waveform from memory when the data folder refuses the peaks file (full, read-only), reading the recording once for the session', async () => {
    const dir = await testFolder('confab-waveform-refused-');
    const audio = await toneAt(dir, 'meeting.wav');
    // A file where the waveforms folder should be: every write under it fails, as on a full or read-only disk.
    await writeFile(join(dir, 'waveforms'), '');
    const processes: string[] = [];
    const reader = createPeakReader({ onPeakRss: (_kib, request) => processes.push(request) });
    const waveforms = createWaveforms({ dir: join(dir, 'waveforms'), audioPath: () => audio, reader });

    const overview = await waveforms.chunk('kept', 0, true);
    const chunk = await waveforms.chunk('kept', 200);
    expect(overview!.windows).toBe(400);
    expect(chunk!.from).toBe(200);
    expect(pairs(chunk!.peaks)[2]! < -60).toBe(true);
    // Held for this session: the recording is read once, not once a call.
    expect(processes).toEqual(['peaks']);
    await reader.close();
  });

  it("reads a zoomed-in view's stretch from the recording at the view's resolution: a tone starting at a known sample shows in the right pair", async () => {
    const dir = await testFolder('confab-waveform-window-');
    // The tone's first sample: 2 s and 123 samples in (2.0076875 s), inside one of the kept 10 ms windows.
    const audio = await toneFromSample(dir, 'meeting.wav', 32_123);
    const processes: string[] = [];
    const reader = createPeakReader({ onPeakRss: (_kib, request) => processes.push(request) });
    const waveforms = createWaveforms({ dir: join(dir, 'waveforms'), audioPath: (id) => (id === 'kept' ? audio : null), reader });

    // 50 ms (800 samples) in 400 pairs: two samples a pair, so the tone starts in pair 61 (samples 122 and 123).
    const view = (await waveforms.stretch('kept', { fromMs: 2000, toMs: 2050, pairs: 400 }))!;
    expect(view).toMatchObject({ fromMs: 2000, toMs: 2050, pairs: 400 });
    const peaks = pairs(view.peaks);
    expect(peaks.length).toBe(800);
    const pair = (i: number) => [peaks[i * 2]!, peaks[i * 2 + 1]!];
    for (const i of [0, 30, 60]) expect(pair(i)).toEqual([0, 0]);
    expect(pair(61)[1]).toBeGreaterThanOrEqual(63);
    // Eighteen pairs are a cycle of 440 Hz (36 samples): both crests show in each cycle after the start.
    for (const i of [62, 200, 381]) {
      const cycle = Array.from(peaks.subarray(i * 2, (i + 18) * 2));
      expect(Math.min(...cycle)).toBeLessThan(-60);
      expect(Math.max(...cycle)).toBeGreaterThan(60);
    }

    // Closer than a sample (2 ms, 32 samples, in 128 pairs): each sample fills its four pairs, none left empty.
    const close = pairs((await waveforms.stretch('kept', { fromMs: 2007, toMs: 2009, pairs: 128 }))!.peaks);
    // The tone's first sample is the 11th of the stretch (32,123 − 32,112): pairs 44 to 47.
    expect([close[43 * 2 + 1], close[44 * 2 + 1], close[47 * 2 + 1]]).toEqual([0, 64, 64]);
    // Read from the recording, nothing kept: no peaks file, and a process of its own each time.
    expect(processes).toEqual(['window', 'window']);
    expect(await readdir(dir)).toEqual(['meeting.wav']);

    // A transcript without its recording has no waveform; the page names a transcript and a short stretch, never a file.
    expect(await waveforms.stretch('no-audio', { fromMs: 0, toMs: 100, pairs: 10 })).toBeNull();
    const input = contract.transcriptEditor.waveformWindow.input;
    expect(input.safeParse({ id: 'kept', fromMs: 2000, toMs: 2050, pairs: 400 }).success).toBe(true);
    for (const wrong of [
      { id: 'kept', fromMs: 0, toMs: 60_000, pairs: 400 },
      { id: 'kept', fromMs: 2050, toMs: 2000, pairs: 400 },
      { id: 'kept', fromMs: 0, toMs: 100, pairs: 1_000_000 },
      { id: 'kept', fromMs: 0, toMs: 100, pairs: 10, path: audio },
    ])
      expect(input.safeParse(wrong).success).toBe(false);
    await reader.close();
  });
});
