// A long meeting recording made at test time, with everything a test needs to know about
// it: where its pauses are and where its marker tones sound. espeak-ng speaks a dozen
// sentences once; the recording is assembled here, sample by sample, from those sentences,
// pauses of 0.8–2 s and pure-tone markers placed inside the speech, over a faint noise
// floor (a room, not digital silence); ffmpeg encodes it as it is assembled (nothing of it
// is held in memory). The same seed gives the same recording.
import { execFile, spawn } from 'node:child_process';
import { readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const LONG_AUDIO_RATE = 22_050;

/** The marker "words": a 0.3 s pure tone each, which the fake service reports by name (toneWords). */
export const MARKER_TONES = { alpha: 1500, beta: 2300 } as const;
export type MarkerWord = keyof typeof MARKER_TONES;

const SENTENCES = [
  'Good morning everyone and thank you for joining the quarterly planning meeting.',
  'The first item on the agenda is the budget for the next two quarters.',
  'Marketing asked for a larger share because the spring campaign went well.',
  'Engineering would like to hire two more people for the platform team.',
  'We should decide today which of the three vendors we keep for hosting.',
  'Customer support reports that response times have improved since January.',
  'The new office will open in September if the lease is signed this month.',
  'Please send your comments on the draft roadmap before Friday evening.',
  'Sales numbers for the northern region are slightly below the forecast.',
  'Our main risk is the delay in the payment provider integration.',
  'Let us take a short break and continue with the hiring plan afterwards.',
  'To summarise, the budget is approved and the vendor decision moves to next week.',
  'Does anyone have questions about the travel policy or the holiday schedule?',
  'Thank you all, the notes and the recording will be shared this afternoon.',
];

export interface LongRecording {
  path: string;
  /** Bytes of the encoded file. */
  size: number;
  /** Seconds of audio assembled (the encoded file decodes to this, gapless). */
  duration: number;
  /** The generated pauses between speech stretches, in seconds. */
  pauses: Array<{ start: number; end: number }>;
  /** Every marker tone, in seconds, in order. */
  markers: Array<{ word: MarkerWord; start: number; end: number }>;
}

export interface LongRecordingOptions {
  minutes: number;
  /** File name; its extension picks the container and codec (mp3, m4a, wav, webm). */
  name: string;
  /** Encoder bitrate, e.g. '64k' (ignored for wav). */
  bitrate?: string;
  /** Sample rate of the file (the speech is made at 22.05 kHz and resampled by ffmpeg). */
  sampleRate?: number;
  seed?: number;
}

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The samples of a 16-bit mono WAV (espeak-ng's output), as floats. */
function wavSamples(bytes: Buffer): Float32Array {
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'data') {
      const length = Math.min(size, bytes.length - offset - 8) >> 1;
      const samples = new Float32Array(length);
      for (let i = 0; i < length; i++) samples[i] = bytes.readInt16LE(offset + 8 + i * 2) / 32768;
      return samples;
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('espeak-ng wrote no audio');
}

/** Without the silence espeak-ng leaves around an utterance, so sentences join without a gap. */
function trimmed(samples: Float32Array): Float32Array {
  const loud = (value: number) => Math.abs(value) > 0.01;
  let first = 0;
  while (first < samples.length && !loud(samples[first]!)) first++;
  let last = samples.length - 1;
  while (last > first && !loud(samples[last]!)) last--;
  return samples.slice(first, last + 1);
}

function tone(frequency: number, seconds: number): Float32Array {
  const length = Math.round(seconds * LONG_AUDIO_RATE);
  const fade = Math.round(0.005 * LONG_AUDIO_RATE);
  return Float32Array.from({ length }, (_, i) => Math.sin((2 * Math.PI * frequency * i) / LONG_AUDIO_RATE) * 0.5 * Math.min(1, i / fade, (length - 1 - i) / fade));
}

async function speakAll(dir: string): Promise<Float32Array[]> {
  const spoken: Float32Array[] = [];
  // Two at a time: the machines have two cores.
  for (let i = 0; i < SENTENCES.length; i += 2) {
    const batch = SENTENCES.slice(i, i + 2).map(async (text, j) => {
      const file = join(dir, `sentence-${i + j}.wav`);
      await run('espeak-ng', ['-v', 'en', '-s', '160', '-w', file, text]);
      const samples = trimmed(wavSamples(await readFile(file)));
      await rm(file, { force: true });
      return samples;
    });
    spoken.push(...(await Promise.all(batch)));
  }
  return spoken;
}

function encoderArgs(name: string, bitrate: string): string[] {
  if (name.endsWith('.wav')) return ['-c:a', 'pcm_s16le'];
  if (name.endsWith('.m4a')) return ['-c:a', 'aac', '-b:a', bitrate];
  if (name.endsWith('.webm')) return ['-c:a', 'libopus', '-b:a', bitrate];
  // LAME's fastest mode: a test recording needs speed more than the last bit of quality.
  return ['-c:a', 'libmp3lame', '-b:a', bitrate, '-compression_level', '9'];
}

/**
 * Speech stretches of one to four sentences, each followed by a pause of 0.8–2 s; about a
 * third of the sentence joins hold a marker tone (alpha or beta) between the sentences,
 * so every marker is surrounded by speech, never next to a pause.
 */
export async function makeLongRecording(dir: string, options: LongRecordingOptions): Promise<LongRecording> {
  const path = join(dir, options.name);
  const sentences = await speakAll(dir);
  const markers = { alpha: tone(MARKER_TONES.alpha, 0.3), beta: tone(MARKER_TONES.beta, 0.3) };
  const next = random(options.seed ?? 7);
  // The noise floor, about -60 dBFS: a table of noise read round and round (a prime length, so it never lines up with anything).
  const noiseRandom = random((options.seed ?? 7) + 1);
  const noise = Float32Array.from({ length: 65_521 }, () => (noiseRandom() - 0.5) * 0.0035);
  let noiseAt = 0;
  const target = Math.round(options.minutes * 60 * LONG_AUDIO_RATE);

  const rate = ['-ar', String(options.sampleRate ?? LONG_AUDIO_RATE)];
  const ffmpeg = spawn('ffmpeg', ['-y', '-v', 'error', '-f', 's16le', '-ar', String(LONG_AUDIO_RATE), '-ac', '1', '-i', '-', ...rate, ...encoderArgs(options.name, options.bitrate ?? '64k'), path], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let errors = '';
  ffmpeg.stderr.on('data', (chunk) => (errors += chunk));
  const finished = new Promise<void>((resolve, reject) => {
    ffmpeg.on('error', reject);
    ffmpeg.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg failed (${code}): ${errors}`))));
  });

  let position = 0;
  const pauses: LongRecording['pauses'] = [];
  const placed: LongRecording['markers'] = [];
  /** Writes samples (or silence) with a faint noise floor, about -60 dBFS. */
  const write = async (samples: Float32Array | number) => {
    const length = typeof samples === 'number' ? samples : samples.length;
    const pcm = new Int16Array(length);
    for (let i = 0; i < length; i++) {
      const value = (typeof samples === 'number' ? 0 : samples[i]!) + noise[noiseAt]!;
      noiseAt = noiseAt + 1 === noise.length ? 0 : noiseAt + 1;
      pcm[i] = Math.max(-32768, Math.min(32767, Math.round(value * 32767)));
    }
    position += length;
    if (!ffmpeg.stdin.write(new Uint8Array(pcm.buffer))) await new Promise((resolve) => ffmpeg.stdin.once('drain', resolve));
  };

  await write(Math.round(0.5 * LONG_AUDIO_RATE));
  while (position < target) {
    const count = 1 + Math.floor(next() * 4);
    for (let s = 0; s < count; s++) {
      if (s > 0 && next() < 0.35) {
        const word: MarkerWord = next() < 0.5 ? 'alpha' : 'beta';
        placed.push({ word, start: position / LONG_AUDIO_RATE, end: (position + markers[word].length) / LONG_AUDIO_RATE });
        await write(markers[word]);
      }
      await write(sentences[Math.floor(next() * sentences.length)]!);
    }
    const pause = Math.round((0.8 + next() * 1.2) * LONG_AUDIO_RATE);
    pauses.push({ start: position / LONG_AUDIO_RATE, end: (position + pause) / LONG_AUDIO_RATE });
    await write(pause);
  }
  ffmpeg.stdin.end();
  await finished;
  return { path, size: (await stat(path)).size, duration: position / LONG_AUDIO_RATE, pauses, markers: placed };
}
