import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AudioSplitter, type SplitPlan, UnsplittableAudioError, createAudioSplitter } from '../../../../electron/core/services/audio-split';
import { LONG_AUDIO_RATE, type LongRecording, MARKER_TONES, makeLongRecording } from '../../../support/long-audio';
import { testFolder } from '../../../support/temp-folder';

// The splitter in main on real recordings made here: three minutes of speech with pauses and
// marker tones, in each of the seven accepted formats, split into parts of at most a minute
// (the same planning as the 20-minute default, scaled down so the suite stays quick).

const run = promisify(execFile);
const SPLIT = { maxPartSeconds: 60, searchRadiusSeconds: 10, minPartSeconds: 10 };

/** How each accepted extension is made from the recording: codecs, rates and channel counts vary. */
const FORMATS: Record<string, string[]> = {
  mp3: ['-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3'],
  mpga: ['-ar', '44100', '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '96k', '-f', 'mp3'],
  mpeg: ['-ar', '16000', '-c:a', 'libmp3lame', '-b:a', '48k', '-f', 'mp3'],
  mp4: ['-c:a', 'aac', '-b:a', '64k', '-f', 'mp4'],
  m4a: ['-ar', '44100', '-ac', '2', '-c:a', 'aac', '-b:a', '96k', '-f', 'ipod'],
  wav: ['-c:a', 'pcm_s16le', '-f', 'wav'],
  webm: ['-c:a', 'libopus', '-b:a', '48k', '-f', 'webm'],
};

let dir: string;
let recording: LongRecording;
const splitter: AudioSplitter = createAudioSplitter({ cuts: SPLIT });
const signal = () => new AbortController().signal;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'confab-audio-split-'));
  recording = await makeLongRecording(dir, { minutes: 3, name: 'meeting.wav' });
  await Promise.all(
    Object.entries(FORMATS).map(([extension, args]) =>
      extension === 'wav' ? copyFile(recording.path, join(dir, 'meeting-copy.wav')) : run('ffmpeg', ['-v', 'error', '-y', '-i', recording.path, ...args, join(dir, `meeting.${extension}`)]),
    ),
  );
}, 120_000);

afterAll(async () => {
  await splitter.close();
  await rm(dir, { recursive: true, force: true });
});

const source = (extension: string) => join(dir, extension === 'wav' ? 'meeting-copy.wav' : `meeting.${extension}`);

/** A part decoded by FFmpeg (as the service would), mono at the recording's rate. */
async function decoded(path: string): Promise<Float32Array> {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', path, '-f', 'f32le', '-ac', '1', '-ar', String(LONG_AUDIO_RATE), '-'], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
  return new Float32Array(stdout.buffer, stdout.byteOffset, stdout.byteLength / 4);
}

/**
 * Where a marker tone starts in `samples`, searched within ±20 ms of `expected` (samples):
 * the lag at which the signal holds the most of the tone's frequency over the tone's length,
 * measured in quadrature (sine and cosine), so the answer does not depend on the phase the
 * codecs left it and peaks at the tone's true start.
 */
function toneStart(samples: Float32Array, frequency: number, expected: number): number {
  const length = Math.round(0.3 * LONG_AUDIO_RATE);
  const step = (2 * Math.PI * frequency) / LONG_AUDIO_RATE;
  const reach = Math.round(0.02 * LONG_AUDIO_RATE);
  // The tone's sine and cosine once, not at every lag: the same sums, eight times sooner.
  const sines = Float64Array.from({ length }, (_, i) => Math.sin(step * i));
  const cosines = Float64Array.from({ length }, (_, i) => Math.cos(step * i));
  let best = { lag: expected, score: -Infinity };
  for (let lag = Math.max(0, expected - reach); lag <= expected + reach && lag + length <= samples.length; lag++) {
    let sine = 0;
    let cosine = 0;
    for (let i = 0; i < length; i++) {
      sine += samples[lag + i]! * sines[i]!;
      cosine += samples[lag + i]! * cosines[i]!;
    }
    const score = sine * sine + cosine * cosine;
    if (score > best.score) best = { lag, score };
  }
  return best.lag;
}

describe('the splitter in main', () => {
  it.each(Object.keys(FORMATS))('splits a .%s recording in pauses, its parts sample-true', async (extension) => {
    const out = await testFolder('confab-split-parts-');
    const plan = await splitter.plan({ path: source(extension), signal: signal() });

    expect(plan.durationSeconds).toBeCloseTo(recording.duration, 1);
    expect(plan.cuts.length).toBeGreaterThanOrEqual(3);
    expect(plan.cuts[0]!.startSample).toBe(0);
    for (const cut of plan.cuts) {
      expect((cut.endSample - cut.startSample) / plan.sampleRate).toBeLessThanOrEqual(SPLIT.maxPartSeconds);
      if (cut.index > 0) expect(cut.startSample).toBe(plan.cuts[cut.index - 1]!.endSample);
    }
    // Every cut lies inside one of the pauses the recording was made with.
    for (const cut of plan.cuts.slice(1)) {
      const at = cut.startSample / plan.sampleRate;
      expect(recording.pauses.some((pause) => pause.start + 0.05 <= at && at <= pause.end - 0.05), `cut at ${at.toFixed(3)} s`).toBe(true);
    }

    // Each marker sounds in its part where it sounds in the recording as FFmpeg plays it (its
    // decoder drops MP3 and Opus priming as players do), less the part's start: to 2 ms (two Opus
    // generations blur a tone's onset by up to ~1.4 ms), where an MP3 frame is 26 ms and priming 7–50 ms. And the recording plays the marker where it was put.
    const whole = await decoded(source(extension));
    let checked = 0;
    for (const cut of plan.cuts) {
      const part = await splitter.encodePart({ path: source(extension), plan, index: cut.index, outPath: join(out, `part-${cut.index}.webm`), signal: signal() });
      expect(part).toMatchObject({ index: cut.index, mimeType: 'audio/webm', startSeconds: cut.startSample / plan.sampleRate });
      expect(part.bytes).toBe((await stat(part.path)).size);
      const samples = await decoded(part.path);
      expect(samples.length / LONG_AUDIO_RATE).toBeCloseTo(part.durationSeconds, 1);
      const offset = Math.round(part.startSeconds * LONG_AUDIO_RATE);
      for (const marker of recording.markers.filter((m) => m.start > part.startSeconds + 0.05 && m.end < part.startSeconds + part.durationSeconds - 0.05)) {
        const frequency = MARKER_TONES[marker.word];
        const placed = Math.round(marker.start * LONG_AUDIO_RATE);
        const played = toneStart(whole, frequency, placed);
        const label = `${marker.word} at ${marker.start.toFixed(3)} s in part ${cut.index + 1}`;
        expect(Math.abs(played - placed) / LONG_AUDIO_RATE, label).toBeLessThan(0.002);
        expect(Math.abs(toneStart(samples, frequency, played - offset) + offset - played) / LONG_AUDIO_RATE, label).toBeLessThan(0.002);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5);
  }, 240_000);

  it('encodes the same part to the same bytes, after other parts and in a new splitter', async () => {
    const out = await testFolder('confab-split-again-');
    const path = source('mp3');
    const plan = await splitter.plan({ path, signal: signal() });
    const first = await splitter.encodePart({ path, plan, index: 1, outPath: join(out, 'first.webm'), signal: signal() });
    await splitter.encodePart({ path, plan, index: 2, outPath: join(out, 'other.webm'), signal: signal() });
    await splitter.encodePart({ path, plan, index: 0, outPath: join(out, 'other.webm'), signal: signal() });
    const again = await splitter.encodePart({ path, plan, index: 1, outPath: join(out, 'again.webm'), signal: signal() });
    const fresh = createAudioSplitter({ cuts: SPLIT });
    const anew = await fresh.encodePart({ path, plan: JSON.parse(JSON.stringify(plan)) as SplitPlan, index: 1, outPath: join(out, 'fresh.webm'), signal: signal() });
    await fresh.close();
    const bytes = await readFile(first.path);
    expect(bytes.equals(await readFile(again.path))).toBe(true);
    expect(bytes.equals(await readFile(anew.path))).toBe(true);
    expect(again).toEqual({ ...first, path: again.path });
  }, 120_000);

  it('stops at once when aborted, leaving no part behind', async () => {
    const out = await testFolder('confab-split-abort-');
    const path = source('mpga');
    const planning = new AbortController();
    let abortedAt = 0;
    const planned = splitter.plan({
      path,
      signal: planning.signal,
      onProgress: (progress) => {
        if (progress.doneSeconds > 5 && !abortedAt) {
          abortedAt = performance.now();
          planning.abort();
        }
      },
    });
    await expect(planned).rejects.toMatchObject({ name: 'AbortError' });
    // Promptly: far sooner than decoding the rest of the recording would take.
    expect(performance.now() - abortedAt).toBeLessThan(2_000);

    const plan = await splitter.plan({ path, signal: signal() });
    const encoding = new AbortController();
    const outPath = join(out, 'part.webm');
    const part = splitter.encodePart({ path, plan, index: 0, outPath, signal: encoding.signal, onProgress: () => encoding.abort() });
    await expect(part).rejects.toMatchObject({ name: 'AbortError' });
    await expect(stat(outPath)).rejects.toMatchObject({ code: 'ENOENT' });

    const already = AbortSignal.abort();
    await expect(splitter.plan({ path, signal: already })).rejects.toMatchObject({ name: 'AbortError' });
  }, 120_000);

  it('rejects what is not audio with a message that says what is wrong and what to do', async () => {
    const bad = await testFolder('confab-split-bad-');
    const notes = join(bad, 'notes.mp3');
    await writeFile(notes, 'Agenda: budget, hiring, vendors.\n'.repeat(200));
    const video = join(bad, 'screen.mp4');
    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=64x64:rate=10', '-c:v', 'mpeg4', video]);

    const notAudio = splitter.plan({ path: notes, signal: signal() });
    await expect(notAudio).rejects.toBeInstanceOf(UnsplittableAudioError);
    await expect(notAudio).rejects.toMatchObject({ code: 'intake.not_audio', values: { name: 'notes.mp3', accepted: 'mp3, mp4, mpeg, mpga, m4a, wav, webm' } });
    await expect(splitter.plan({ path: video, signal: signal() })).rejects.toMatchObject({ code: 'split.no_audio_track', values: { name: 'screen.mp4' } });
    await expect(splitter.plan({ path: join(bad, 'gone.wav'), signal: signal() })).rejects.toMatchObject({ code: 'split.not_found', values: { name: 'gone.wav' } });
  }, 60_000);
});
