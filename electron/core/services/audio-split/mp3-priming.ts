/**
 * The samples an MP3 decoder outputs before the recording starts and after it ends. An MP3
 * encoder adds a delay (576 samples for LAME) and the decoder its own (529); the LAME tag in
 * the first frame records the encoder's delay and its end padding, and players (FFmpeg, so
 * Chromium's <audio> and Electron's) drop them. WebCodecs decodes frames without reading
 * the tag, so without this correction every time of a transcript would be ~50 ms late
 * against playback.
 */
import { open } from 'node:fs/promises';

const DECODER_DELAY = 529;

const BITRATES_V1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2_L3 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];

/** Bytes to skip over an ID3v2 tag at the start of the file (0 without one). */
export function id3v2Length(head: Uint8Array): number {
  if (head.length < 10 || head[0] !== 0x49 || head[1] !== 0x44 || head[2] !== 0x33) return 0;
  const size = ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
  const footer = head[5]! & 0x10 ? 10 : 0;
  return 10 + size + footer;
}

/** Samples the decoder outputs before the recording (`start`) and after it (`end`). */
export interface Mp3Padding {
  start: number;
  end: number;
}

const NONE: Mp3Padding = { start: 0, end: 0 };

/**
 * Samples to drop from the start and the end of the decoded stream, from the LAME tag of
 * the first frame (`frame` starts at that frame's sync word), as FFmpeg drops them. None
 * without such a tag.
 */
export function lamePadding(frame: Uint8Array): Mp3Padding {
  if (frame.length < 4 || frame[0] !== 0xff || (frame[1]! & 0xe0) !== 0xe0) return NONE;
  const version = (frame[1]! >> 3) & 0x03; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
  const layer = (frame[1]! >> 1) & 0x03; // 1: layer III
  const bitrateIndex = frame[2]! >> 4;
  if (layer !== 1 || version === 1 || bitrateIndex === 0 || bitrateIndex === 15) return NONE;
  if (!(version === 3 ? BITRATES_V1_L3 : BITRATES_V2_L3)[bitrateIndex]) return NONE;
  const mono = frame[3]! >> 6 === 3;
  const sideInfo = version === 3 ? (mono ? 17 : 32) : mono ? 9 : 17;
  const tag = 4 + sideInfo;
  const id = String.fromCharCode(...frame.subarray(tag, tag + 4));
  if (id !== 'Xing' && id !== 'Info') return NONE;
  if (frame.length < tag + 8) return NONE;
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const flags = view.getUint32(tag + 4);
  let at = tag + 8;
  if (flags & 1) at += 4; // frame count
  if (flags & 2) at += 4; // byte count
  if (flags & 4) at += 100; // table of contents
  if (flags & 8) at += 4; // quality
  // The LAME extension: 9 bytes of encoder name, 12 bytes of settings, then 12 bits each
  // of encoder delay and end padding.
  if (frame.length < at + 24) return NONE;
  const encoder = String.fromCharCode(...frame.subarray(at, at + 4));
  if (encoder !== 'LAME' && encoder !== 'Lavc' && encoder !== 'Lavf') return NONE;
  const delay = (frame[at + 21]! << 4) | (frame[at + 22]! >> 4);
  const padding = ((frame[at + 22]! & 0x0f) << 8) | frame[at + 23]!;
  return { start: delay + DECODER_DELAY, end: Math.max(0, padding - DECODER_DELAY) };
}

/** Reads the start of an MP3 file for its padding in samples (none when unknown). */
export async function mp3Padding(path: string): Promise<Mp3Padding> {
  const file = await open(path, 'r');
  try {
    const read = async (position: number, length: number) => {
      const bytes = new Uint8Array(length);
      const { bytesRead } = await file.read(bytes, 0, length, position);
      return bytes.subarray(0, bytesRead);
    };
    const offset = id3v2Length(await read(0, 10));
    const window = await read(offset, 8192);
    // The first frame: the first sync word after the tags.
    for (let i = 0; i + 4 < window.length; i++) {
      if (window[i] === 0xff && (window[i + 1]! & 0xe0) === 0xe0) return lamePadding(window.subarray(i));
    }
    return NONE;
  } finally {
    await file.close();
  }
}
