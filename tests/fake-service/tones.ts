import { spawn } from 'node:child_process';
import type { TranscriptWord } from './script';

const RATE = 16_000;
const FRAME = 320; // 20 ms
const MIN_FRAMES = 5; // a tone must last 100 ms to count
/** A tone is heard through this many frames that miss it (speech over it can spoil a frame, depending on where frames fall). */
const MAX_GAP_FRAMES = 2;

/** Goertzel power of one frequency in a frame, as a share of the frame's energy. */
function purity(frame: Float32Array, frequency: number): number {
  const k = (2 * Math.cos((2 * Math.PI * frequency) / RATE));
  let s1 = 0;
  let s2 = 0;
  let energy = 0;
  for (const sample of frame) {
    const s0 = sample + k * s1 - s2;
    s2 = s1;
    s1 = s0;
    energy += sample * sample;
  }
  const power = s1 * s1 + s2 * s2 - k * s1 * s2;
  return energy > 1e-3 ? (2 * power) / (FRAME * energy) : 0;
}

/**
 * "Recognises" marker words in an uploaded recording: each marker is a pure tone of its own
 * frequency, found by decoding the file with ffmpeg (Debian's, a test tool) and scanning 20 ms
 * frames. This lets an end-to-end test know where its marker "words" really are in every
 * part it uploads, whatever the app did to cut and re-encode them.
 */
export function detectToneWords(path: string, tones: Record<string, number>): Promise<{ words: TranscriptWord[]; duration: number }> {
  return new Promise((resolve, reject) => {
    const ffmpeg = spawn('ffmpeg', ['-v', 'error', '-i', path, '-f', 's16le', '-ac', '1', '-ar', String(RATE), '-']);
    const words: TranscriptWord[] = [];
    const runs = new Map<string, { start: number; last: number }>();
    let carry = Buffer.alloc(0);
    let frameIndex = 0;
    const frame = new Float32Array(FRAME);
    const close = (word: string) => {
      const run = runs.get(word)!;
      runs.delete(word);
      const endFrame = run.last + 1;
      if (endFrame - run.start >= MIN_FRAMES) words.push({ word, start: (run.start * FRAME) / RATE, end: (endFrame * FRAME) / RATE });
    };
    ffmpeg.stdout.on('data', (chunk: Buffer) => {
      let data = Buffer.concat([carry, chunk]);
      while (data.length >= FRAME * 2) {
        for (let i = 0; i < FRAME; i++) frame[i] = data.readInt16LE(i * 2) / 32768;
        for (const [word, frequency] of Object.entries(tones)) {
          const run = runs.get(word);
          if (purity(frame, frequency) > 0.6) {
            if (run) run.last = frameIndex;
            else runs.set(word, { start: frameIndex, last: frameIndex });
          } else if (run && frameIndex - run.last > MAX_GAP_FRAMES) close(word);
        }
        frameIndex++;
        data = data.subarray(FRAME * 2);
      }
      carry = Buffer.from(data);
    });
    ffmpeg.on('error', reject);
    ffmpeg.on('close', (code) => {
      if (code !== 0) return reject(new Error(`ffmpeg could not decode the upload (exit ${code})`));
      for (const word of [...runs.keys()]) close(word);
      words.sort((a, b) => a.start - b.start);
      resolve({ words, duration: (frameIndex * FRAME + carry.length / 2) / RATE });
    });
  });
}
