import { open, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createStaging } from '../../../../electron/core/services/intake/staging';
import { makeWav } from '../../../fake-service/testing';
import { testFolder } from '../../../support/temp-folder';

// A file that is not audio is refused from its first bytes: nothing more of it is read or copied.
const notAudio = new TextEncoder().encode('Minutes of the weekly sync, not a recording. '.repeat(200));

describe('staging a dropped file', () => {
  it('refuses a 2 GB file that is not audio from its first bytes, without copying it', async () => {
    const dir = await testFolder('confab-staging-');
    const source = join(dir, 'notes.mp3');
    const file = await open(source, 'w');
    await file.write(notAudio, 0, notAudio.length, 0);
    await file.truncate(2 * 1024 ** 3);
    await file.close();
    const staging = createStaging(join(dir, 'staging'));
    // With no staging folder left to copy into, a copy would fail: only a refusal before it answers.
    await rm(join(dir, 'staging'), { recursive: true });
    expect(await staging.fromPath(source, 'notes.mp3', 'original')).toEqual({
      ok: false,
      problem: { code: 'intake.not_audio', values: { name: 'notes.mp3', accepted: 'mp3, mp4, mpeg, mpga, m4a, wav, webm' } },
    });
  });

  it('writes nothing of an upload that is not audio past its first bytes, reads it to its end, and refuses it', async () => {
    const dir = await testFolder('confab-staging-');
    const staging = createStaging(join(dir, 'staging'));
    const body = new PassThrough();
    const size = notAudio.length + 8 * 1024 * 1024;
    const outcome = staging.fromStream(body, 'notes.wav', size, 'original');
    body.write(notAudio);
    body.write(Buffer.alloc(4 * 1024 * 1024, 0x41));
    // Once the stream has taken in what was sent so far, the file being staged holds none of it.
    await expect.poll(() => body.readableLength + body.writableLength).toBe(0);
    const [staged] = await readdir(join(dir, 'staging'));
    expect(staged === undefined ? 0 : (await stat(join(dir, 'staging', staged))).size).toBe(0);
    body.end(Buffer.alloc(4 * 1024 * 1024, 0x41));
    expect(await outcome).toMatchObject({ ok: false, problem: { code: expect.stringMatching(/^intake\.not_audio/), values: expect.objectContaining({ name: 'notes.wav' }) } });
    expect(body.readableEnded).toBe(true);
    expect(await readdir(join(dir, 'staging'))).toEqual([]);
  });

  it('still stages real audio that arrives in small pieces, and an MP3 whose ID3 tag runs past the first bytes', async () => {
    const dir = await testFolder('confab-staging-');
    const staging = createStaging(join(dir, 'staging'));
    const wav = makeWav(500);
    const pieces = Readable.from(Array.from({ length: Math.ceil(wav.length / 1000) }, (_, i) => Buffer.from(wav.subarray(i * 1000, (i + 1) * 1000))));
    expect(await staging.fromStream(pieces, 'talk.wav', wav.length, 'original')).toMatchObject({ ok: true, file: { format: 'wav', size: wav.length } });

    // An ID3v2 tag of 8 KB (cover art, say) before the first MPEG frame header.
    const tag = Buffer.concat([Buffer.from('ID3\x04\x00\x00'), Buffer.from([0, 0, 0x40, 0]), Buffer.alloc(8192)]);
    const frame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);
    const mp3 = Buffer.concat([tag, frame, frame, frame]);
    const path = join(dir, 'tagged.mp3');
    await writeFile(path, mp3);
    expect(await staging.fromPath(path, 'tagged.mp3', 'original')).toMatchObject({ ok: true, file: { format: 'mp3' } });
    expect(await staging.fromStream(Readable.from([mp3]), 'tagged.mp3', mp3.length, 'original')).toMatchObject({ ok: true, file: { format: 'mp3' } });
  });

  it('names a full disk met while a file is written to staging, and leaves nothing behind', async () => {
    const dir = await testFolder('confab-staging-');
    const staging = createStaging(join(dir, 'staging'));
    const wav = makeWav(500);
    // The write stream's error, as the disk reports it: the body is the failing part of the pipe.
    const body = new Readable({
      read() {
        this.push(Buffer.from(wav.subarray(0, 8192)));
        this.destroy(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
      },
    });
    expect(await staging.fromStream(body, 'talk.wav', wav.length, 'original')).toEqual({
      ok: false,
      problem: { code: 'intake.disk_full', values: { name: 'talk.wav', folder: join(dir, 'staging') } },
    });
    expect(await readdir(join(dir, 'staging'))).toEqual([]);
  });
});
