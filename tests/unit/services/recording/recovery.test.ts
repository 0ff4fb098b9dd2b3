import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RecordingEvent } from '../../../../shared/contract/recording';
import { wavHeader } from '../../../../electron/core/services/recording/wav-header';
import { fakeClock, fillingFs, framesOf, queuelessRecorder, readWav } from '../../../support/recording';
import { testFolder } from '../../../support/temp-folder';

const open = (dir: string, clock = fakeClock()) => queuelessRecorder(dir, { clock, fs: fillingFs(Infinity) });

/** Two seconds recorded, then the process "dies": the service is never closed. */
async function crashedRecording(dir: string) {
  const clock = fakeClock();
  const recordings = await open(dir, clock);
  const { id } = await recordings.start({ system: true });
  for (let seq = 0; seq < 2; seq++) {
    clock.advance(1_000);
    expect(await recordings.append({ id, seq, pcm: framesOf(1, [700, -700]) })).toEqual({ ok: true });
  }
  return id;
}

const waitingOf = async (dir: string) => {
  const recordings = await open(dir);
  let event: RecordingEvent | null = null;
  const stop = new AbortController();
  void recordings.watch((next) => (event = next), stop.signal);
  await expect.poll(() => event).not.toBeNull();
  stop.abort();
  await recordings.close();
  return event!.waiting;
};

describe('recovery at the next start', () => {
  it('rebuilds a recording whose manifest was lost, from its tracks, rather than deleting its audio', async () => {
    const dir = await testFolder('confab-recovery-');
    const id = await crashedRecording(dir);
    rmSync(join(dir, id, 'manifest.json'));
    expect(await waitingOf(dir)).toMatchObject([{ id, state: 'recovered', tracks: ['mic', 'system'], seconds: 2 }]);
    expect(readWav(join(dir, id, 'mic.wav')).samples).toBe(2 * 16_000);
  });

  it('rebuilds one whose manifest does not read (a disk fault, a newer Confab)', async () => {
    const dir = await testFolder('confab-recovery-');
    const id = await crashedRecording(dir);
    writeFileSync(join(dir, id, 'manifest.json'), '{"id": "half a manif');
    expect(await waitingOf(dir)).toMatchObject([{ id, state: 'recovered', seconds: 2 }]);
  });

  it('removes the caption clips and captions a crash left: they served only while it ran', async () => {
    const dir = await testFolder('confab-recovery-');
    const id = await crashedRecording(dir);
    mkdirSync(join(dir, id, 'captions'));
    writeFileSync(join(dir, id, 'captions', '000003-mic.webm'), 'clip');
    writeFileSync(join(dir, id, 'captions', '000002-mic.json'), '{}');
    expect(await waitingOf(dir)).toMatchObject([{ id, state: 'recovered', seconds: 2 }]);
    expect(readdirSync(join(dir, id)).sort()).toEqual(['manifest.json', 'mic.wav', 'system.wav']);
  });

  it('removes only a folder with no audio in it', async () => {
    const dir = await testFolder('confab-recovery-');
    const id = await crashedRecording(dir);
    rmSync(join(dir, id, 'manifest.json'));
    // Cut off before its first chunk: a header and no sample.
    const empty = join(dir, 'never-started');
    mkdirSync(empty);
    writeFileSync(join(empty, 'mic.wav'), wavHeader(0));
    expect(await waitingOf(dir)).toMatchObject([{ id }]);
    expect(existsSync(empty)).toBe(false);
    expect(readdirSync(dir)).toEqual([id]);
  });
});
