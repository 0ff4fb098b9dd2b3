import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { RecordingEvent } from '../../../shared/contract/recording';
import { createCore } from '../../../electron/core/core';
import { memoryKeytar } from '../../support/memory-keytar';
import { probedSeconds, readWav } from '../../support/recording';
import { killMidRecording } from '../../support/recording-crash';
import { testFolder } from '../../support/temp-folder';

// Nothing recorded is lost: a process recording two tracks is killed with SIGKILL, and the
// next start finds the recording, repairs it with no outside program, and offers it.
describe('a recording killed with kill -9', () => {
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
});
