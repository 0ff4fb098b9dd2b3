import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repairTracks } from '../../../../electron/core/services/recording/repair';
import { nodeTrackFs } from '../../../../electron/core/services/recording/track-fs';
import { createTrackWriter } from '../../../../electron/core/services/recording/track-writer';
import { fillingFs, probedSeconds, readWav } from '../../../support/recording';
import { testFolder } from '../../../support/temp-folder';

const second = (value: number) => Buffer.alloc(32_000, Buffer.from(Uint16Array.of(value).buffer));

describe('a track file', () => {
  it('is a whole WAV after every append: the header counts exactly the samples on disk', async () => {
    const path = join(await testFolder('confab-track-'), 'mic.wav');
    const writer = await createTrackWriter(nodeTrackFs, path);
    expect(readWav(path)).toMatchObject({ riff: 'RIFF', dataSize: 0, fileSize: 44 });
    for (let n = 1; n <= 3; n++) {
      await writer.append(second(n));
      const wav = readWav(path);
      expect(wav).toMatchObject({ sampleRate: 16_000, channels: 1, dataSize: n * 32_000, riffSize: 36 + n * 32_000, fileSize: 44 + n * 32_000 });
      expect(await probedSeconds(path)).toBeCloseTo(n, 2);
    }
    await writer.close();
  });

  it('stays playable when the disk fills mid-append: the failed chunk is cut and the header kept', async () => {
    const path = join(await testFolder('confab-track-'), 'mic.wav');
    const fs = fillingFs(5);
    const writer = await createTrackWriter(fs, path);
    await writer.append(second(1));
    await writer.append(second(2));
    await expect(writer.append(second(3))).rejects.toMatchObject({ code: 'ENOSPC' });
    await writer.settle(writer.samples);
    await writer.close();
    expect(readWav(path)).toMatchObject({ dataSize: 64_000, fileSize: 44 + 64_000 });
    expect(await probedSeconds(path)).toBeCloseTo(2, 2);
  });
});

describe('a crashed recording’s tracks', () => {
  it('are repaired with no outside program: headers from the real lengths, a torn sample cut, tracks cut to the shorter', async () => {
    const dir = await testFolder('confab-repair-');
    const mic = join(dir, 'mic.wav');
    const system = join(dir, 'system.wav');
    for (const path of [mic, system]) {
      const writer = await createTrackWriter(nodeTrackFs, path);
      await writer.append(second(1));
      await writer.close();
    }
    // The crash: samples reached the files but not their headers, one ending mid-sample.
    appendFileSync(mic, Buffer.alloc(48_001, 1));
    appendFileSync(system, Buffer.alloc(40_000, 1));
    expect(await probedSeconds(mic)).toBeCloseTo(1, 2);

    const seconds = await repairTracks(nodeTrackFs, [mic, system]);

    expect(seconds).toBeCloseTo(2.25, 5);
    for (const path of [mic, system]) {
      expect(readWav(path)).toMatchObject({ dataSize: 72_000, fileSize: 44 + 72_000 });
      expect(await probedSeconds(path)).toBeCloseTo(2.25, 2);
    }
  });
});
