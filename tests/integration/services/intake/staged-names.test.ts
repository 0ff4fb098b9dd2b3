import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createStaging } from '../../../../electron/core/services/intake/staging';
import { makeWav } from '../../../fake-service/testing';
import { testFolder } from '../../../support/temp-folder';

// The name a page gives a file is only a label: it is sent to the service as the upload's file
// name and becomes the transcript's title. One with nothing usable in it was sent empty (and the
// service refused it); it gets a safe name from the content instead.
const wav = makeWav(300);

describe('the name of a staged file', () => {
  it.each(['../', '..', '.', '/', '\\\\', '../..//./', '\u0001\u0007\u001f', '  ', '\u0000../\u0000'])(
    'is "audio" plus the detected extension when %j has no usable characters, by every way in',
    async (name) => {
      const dir = await testFolder('confab-staged-names-');
      const staging = createStaging(join(dir, 'staging'));
      const source = join(dir, 'source.wav');
      await writeFile(source, wav);
      const body = new PassThrough();
      body.end(wav);
      for (const outcome of [
        await staging.fromBytes(wav, name, 'original'),
        await staging.fromPath(source, name, 'original'),
        await staging.fromStream(body, name, wav.length, 'original'),
      ]) {
        expect(outcome).toMatchObject({ ok: true, file: { name: 'audio.wav', format: 'wav' } });
      }
    },
  );

  it.each([
    ['../../etc/talk.wav', 'talk.wav'],
    ['notes/\u0000interview\u0007.wav', 'interview .wav'],
    ['Team sync (final).wav', 'Team sync (final).wav'],
    ['..hidden.wav', 'hidden.wav'],
  ])('keeps what is usable in %j, never a path', async (name, kept) => {
    const dir = await testFolder('confab-staged-names-');
    const staging = createStaging(join(dir, 'staging'));
    expect(await staging.fromBytes(wav, name, 'original')).toMatchObject({ ok: true, file: { name: kept } });
  });

  it('names a refused file by its safe name too', async () => {
    const dir = await testFolder('confab-staged-names-');
    const staging = createStaging(join(dir, 'staging'));
    const text = new TextEncoder().encode('Minutes of the weekly sync, not a recording. '.repeat(100));
    expect(await staging.fromBytes(text, '../', 'original')).toMatchObject({ ok: false, problem: { code: 'intake.not_audio', values: { name: 'audio' } } });
  });
});
