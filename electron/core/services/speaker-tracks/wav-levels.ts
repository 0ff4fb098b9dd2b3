import { createReadStream } from 'node:fs';
import { LEVEL_WINDOW_SECONDS, LevelMeter } from '../audio-split/levels';

/** A track's loudness: one dBFS level per window of `windowSeconds`. */
export interface TrackLevels {
  levels: Float32Array;
  windowSeconds: number;
}

const RIFF_HEADER = 12;
const CHUNK_HEADER = 8;
/** Samples converted per push: the meter never sees more than this at once. */
const BATCH = 8192;
/** Headers past this size are not a recording's. */
const MAX_HEADER = 65_536;

/**
 * Where a WAV file's samples start and how many bytes they take. A recording repaired after a
 * crash, or one still being written, may say 0 or more than it holds: then its samples run to
 * the end of the file.
 */
function dataChunk(head: Buffer, path: string): { offset: number; bytes: number | null; sampleRate: number } | null {
  if (head.length < RIFF_HEADER) return null;
  if (head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE') throw new Error(`Not a WAV file: ${path}`);
  let sampleRate = 0;
  let at = RIFF_HEADER;
  while (at + CHUNK_HEADER <= head.length) {
    const id = head.toString('ascii', at, at + 4);
    const size = head.readUInt32LE(at + 4);
    if (id === 'fmt ' && at + CHUNK_HEADER + 16 <= head.length) {
      const channels = head.readUInt16LE(at + 10);
      const bits = head.readUInt16LE(at + 22);
      if (channels !== 1 || bits !== 16) throw new Error(`Not a 16-bit mono track (${channels} channels, ${bits} bits): ${path}`);
      sampleRate = head.readUInt32LE(at + 12);
    }
    if (id === 'data') return sampleRate ? { offset: at + CHUNK_HEADER, bytes: size > 0 && size < 0xffff_fff0 ? size : null, sampleRate } : null;
    at += CHUNK_HEADER + size + (size % 2);
  }
  if (head.length > MAX_HEADER) throw new Error(`No samples found in the first ${MAX_HEADER} bytes: ${path}`);
  return null;
}

/**
 * The levels of a 16-bit mono WAV file (a recording's track), read as a stream: an hour's
 * track is 115 MB, its levels 288 KB, so only the levels are ever held.
 */
export async function wavLevels(path: string, windowSeconds = LEVEL_WINDOW_SECONDS): Promise<TrackLevels> {
  let meter: LevelMeter | null = null;
  let left: number | null = null;
  let head = Buffer.alloc(0);
  let odd: Buffer | null = null;
  const floats = new Float32Array(BATCH);
  const measure = (bytes: Buffer) => {
    let data = odd ? Buffer.concat([odd, bytes]) : bytes;
    if (left !== null) data = data.subarray(0, left);
    const whole = data.length - (data.length % 2);
    odd = whole < data.length ? Buffer.from(data.subarray(whole)) : null;
    if (left !== null) left -= whole;
    for (let at = 0; at < whole; at += BATCH * 2) {
      const count = Math.min(BATCH, (whole - at) / 2);
      for (let i = 0; i < count; i++) floats[i] = data.readInt16LE(at + i * 2) / 32768;
      meter!.push(floats, count);
    }
  };
  for await (const piece of createReadStream(path) as AsyncIterable<Buffer>) {
    if (meter) {
      measure(piece);
      continue;
    }
    // The header is small, but its chunks may come in more than one piece.
    head = Buffer.concat([head, piece]);
    const found = dataChunk(head, path);
    if (!found) continue;
    meter = new LevelMeter(found.sampleRate, windowSeconds);
    left = found.bytes;
    measure(head.subarray(found.offset));
  }
  if (!meter) throw new Error(`Not a WAV file with samples: ${path}`);
  return { levels: meter.finish(), windowSeconds };
}
