import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { id3v2Length, lamePadding, mp3Padding } from '../../../../electron/core/services/audio-split/mp3-priming';
import { testFolder } from '../../../support/temp-folder';

// The MP3 priming the splitter drops, read from the LAME tag (as FFmpeg reads it).

describe('MP3 padding', () => {
  /** The first frame of a LAME MP3: MPEG-1 layer III, mono, with its Info and LAME tags. */
  function lameFrame(delay: number, padding: number): Uint8Array {
    const frame = new Uint8Array(417);
    frame.set([0xff, 0xfb, 0x90, 0xc4]);
    const tag = 4 + 17;
    frame.set([...'Info'].map((c) => c.charCodeAt(0)), tag);
    frame.set([0, 0, 0, 0x0f], tag + 4); // frames, bytes, table of contents and quality present
    const lame = tag + 8 + 4 + 4 + 100 + 4;
    frame.set([...'LAME3.100'].map((c) => c.charCodeAt(0)), lame);
    frame.set([delay >> 4, ((delay & 0x0f) << 4) | (padding >> 8), padding & 0xff], lame + 21);
    return frame;
  }

  it('is the encoder delay of the LAME tag plus the decoder\'s 529 samples at the start, and the end padding less them at the end', () => {
    expect(lamePadding(lameFrame(576, 1234))).toEqual({ start: 1105, end: 705 });
    expect(lamePadding(lameFrame(1105, 100))).toEqual({ start: 1634, end: 0 });
  });

  it('is none without a LAME tag', () => {
    const plain = lameFrame(576, 0);
    plain.set([0, 0, 0, 0], 21);
    expect(lamePadding(plain)).toEqual({ start: 0, end: 0 });
    expect(lamePadding(new Uint8Array([0x49, 0x44, 0x33]))).toEqual({ start: 0, end: 0 });
  });

  it('skips an ID3v2 tag', () => {
    expect(id3v2Length(new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0x02, 0x01]))).toBe(10 + 257);
    expect(id3v2Length(new Uint8Array([0xff, 0xfb, 0x90, 0xc4, 0, 0, 0, 0, 0, 0]))).toBe(0);
  });

  it('is read from a file on disk, after its ID3v2 tag', async () => {
    const dir = await testFolder('confab-mp3-priming-');
    const path = join(dir, 'tagged.mp3');
    const id3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 20, ...new Array(20).fill(0)]);
    await writeFile(path, new Uint8Array([...id3, ...lameFrame(576, 1234)]));
    expect(await mp3Padding(path)).toEqual({ start: 1105, end: 705 });
  });
});
