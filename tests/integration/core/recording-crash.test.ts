import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { RecordingEvent } from '../../../shared/contract/recording';
import { createCore } from '../../../electron/core/core';
import { readManifest } from '../../../electron/core/services/recording/manifest';
import { memoryKeytar } from '../../support/memory-keytar';
import { probedSeconds, readWav } from '../../support/recording';
import { killMidRecording } from '../../support/recording-crash';
import { testFolder } from '../../support/temp-folder';

// Nothing recorded is lost: a process recording two tracks is killed with SIGKILL, and the
// next start finds the recording, repairs it with no outside program, and offers it.
describe('a recording in a process that dies or meets its file limit', () => {
  it('is found at the next start, repaired, and each track lost at most 2 s of what was written', { timeout: 60_000 }, async () => {
    const dir = await testFolder('confab-recording-crash-');
    const { id, written } = await killMidRecording(dir, 20);
    expect(written).toBeGreaterThanOrEqual(20);

    const core = await createCore({ userDataDir: dir, keytar: memoryKeytar() });
    onTestFinished(() => core.close());
    const events: RecordingEvent[] = [];
    await core.router.invoke('recording:watch', undefined, { send: (_channel, payload) => events.push((payload as { event: RecordingEvent }).event) });
    await expect.poll(() => events.length).toBeGreaterThan(0);
    const [found] = events.at(-1)!.waiting;
    expect(found).toMatchObject({ id, state: 'recovered', problem: { code: 'recording.recovered' } });

    const folder = join(dir, 'recordings', id);
    for (const track of ['mic', 'system']) {
      const seconds = await probedSeconds(join(folder, `${track}.wav`));
      expect(seconds).toBeGreaterThanOrEqual(written - 2);
      // At most the chunk in flight beyond what was reported.
      expect(seconds).toBeLessThanOrEqual(written + 2);
      expect(seconds).toBeCloseTo(found!.seconds, 3);
    }
    // One clock: both tracks hold the same frames, and the last second reported is there, whole.
    const mic = readWav(join(folder, 'mic.wav'));
    expect(readWav(join(folder, 'system.wav')).samples).toBe(mic.samples);
    expect(mic.sample((written - 1) * 16_000 + 15_999)).toBe(written);
  });

  it('asks who spoke in a microphone-only recording recovered after a kill -9, until it is answered', { timeout: 60_000 }, async () => {
    const dir = await testFolder('confab-recording-crash-');
    const { id } = await killMidRecording(dir, 3, { micOnly: true });
    async function start() {
      const core = await createCore({ userDataDir: dir, keytar: memoryKeytar() });
      const events: RecordingEvent[] = [];
      await core.router.invoke('recording:watch', undefined, { send: (_channel, payload) => events.push((payload as { event: RecordingEvent }).event) });
      await expect.poll(() => events.length).toBeGreaterThan(0);
      return { core, events };
    }
    const first = await start();
    expect(first.events.at(-1)!.askWhoSpoke).toMatchObject([{ id, state: 'recovered', whoSpoke: 'unasked' }]);
    await first.core.router.invoke('recording:whoSpoke', { id, who: 'several' }, { send: () => undefined });
    await expect.poll(() => first.events.at(-1)!.askWhoSpoke).toEqual([]);
    await first.core.close();
    // Answered is answered: the next start does not ask again, and the answer is kept.
    const second = await start();
    onTestFinished(() => second.core.close());
    expect(second.events.at(-1)!.askWhoSpoke).toEqual([]);
    expect(second.events.at(-1)!.waiting).toMatchObject([{ id, whoSpoke: 'several' }]);
  });

  it('under ulimit -f (EFBIG), ends with disk_full and leaves both tracks whole and playable', { timeout: 60_000 }, async () => {
    const dir = await testFolder('confab-recording-efbig-');
    // 400 KiB a file: a little over 12 s of a 16 kHz 16-bit track.
    const child = spawnSync('bash', ['-c', 'ulimit -f 400 && exec "$0" --disable-warning=ExperimentalWarning --import tsx "$1" "$2"', process.execPath, resolve('tests/support/fixtures/recording-child.ts'), dir], {
      encoding: 'utf8',
    });
    expect(child.stdout).toContain('refused recording.disk_full');
    const written = [...child.stdout.matchAll(/written (\d+)/g)].length;
    expect(written).toBe(12);
    const [folder] = readdirSync(join(dir, 'recordings'));
    const manifest = readManifest(join(dir, 'recordings', folder!));
    expect(manifest).toMatchObject({ state: 'ended', seconds: 12, problem: { code: 'recording.disk_full' } });
    for (const track of ['mic', 'system']) {
      expect(readWav(join(dir, 'recordings', folder!, `${track}.wav`))).toMatchObject({ dataSize: 12 * 32_000, fileSize: 44 + 12 * 32_000 });
      expect(await probedSeconds(join(dir, 'recordings', folder!, `${track}.wav`))).toBeCloseTo(12, 2);
    }
  });
});
