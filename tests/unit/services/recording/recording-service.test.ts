import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RecordingEvent } from '../../../../shared/contract/recording';
import { fakeClock, fillingFs, framesOf, queuelessRecorder } from '../../../support/recording';
import { testFolder } from '../../../support/temp-folder';

async function service(fs = fillingFs(Infinity)) {
  const dir = await testFolder('confab-recordings-');
  const clock = fakeClock();
  const recordings = await queuelessRecorder(dir, { clock, fs });
  return { recordings, clock, dir };
}

describe('the recording service', () => {
  it('says when it starts and stops running (the media permission and quitting ask), and stopRunning stops it as Stop does', async () => {
    const { recordings, clock } = await service();
    const heard: boolean[] = [];
    recordings.onRunningChange((running) => heard.push(running));
    const { id } = await recordings.start({ system: true });
    clock.advance(1_000);
    await recordings.append({ id, seq: 0, pcm: framesOf(1, [5, 5]) });
    await recordings.stopRunning();
    expect(heard).toEqual([true, false]);
    expect(recordings.running()).toBe(false);
    expect(await recordings.append({ id, seq: 1, pcm: framesOf(1, [5, 5]) })).toMatchObject({ ok: false, problem: { code: 'recording.not_running' } });
    await recordings.close();
  });

  it('stops running when the disk fills mid-recording, and the ended recording waits with what was written', async () => {
    const { recordings, clock } = await service(fillingFs(2 + 2 * 3));
    const heard: boolean[] = [];
    recordings.onRunningChange((running) => heard.push(running));
    const events: unknown[] = [];
    void recordings.watch((event) => events.push(event), AbortSignal.timeout(10_000));
    const { id } = await recordings.start({ system: true });
    clock.advance(2_000);
    expect(await recordings.append({ id, seq: 0, pcm: framesOf(1, [5, 5]) })).toEqual({ ok: true });
    expect(await recordings.append({ id, seq: 1, pcm: framesOf(1, [5, 5]) })).toMatchObject({ ok: false, problem: { code: 'recording.disk_full' } });
    expect(heard).toEqual([true, false]);
    expect(events.at(-1)).toMatchObject({ active: null, waiting: [{ id, state: 'ended', seconds: 1, problem: { code: 'recording.disk_full' } }] });
    // The page's Stop after the end learns how it ended.
    expect(await recordings.stop({ id })).toMatchObject({ state: 'ended' });
    await recordings.close();
  });

  it('tells its watchers of changes they show, not of every second recorded; a watcher that comes late gets the seconds kept', async () => {
    const { recordings, clock } = await service();
    const events: RecordingEvent[] = [];
    const watching = new AbortController();
    void recordings.watch((event) => events.push(event), watching.signal);
    const { id } = await recordings.start({ system: false });
    const afterStart = events.length;
    for (let seq = 0; seq < 5; seq++) {
      clock.advance(1_000);
      expect(await recordings.append({ id, seq, pcm: framesOf(1, [5]) })).toEqual({ ok: true });
    }
    // Each second is a whole re-render of the page's recorder for nothing it shows: the page counts its own clock.
    expect(events.length).toBe(afterStart);
    // A change the page shows still goes out at once: a notice, then its clearing.
    await recordings.trackLost({ id, track: 'mic', reason: 'muted' });
    expect(events.at(-1)?.active?.notices).toEqual([{ code: 'recording.mic_muted', values: {} }]);
    clock.advance(1_000);
    await recordings.append({ id, seq: 5, pcm: framesOf(1, [5]) });
    expect(events.at(-1)?.active?.notices).toEqual([]);
    // A page that attaches late (a reload) is sent the state as it stands.
    const late: RecordingEvent[] = [];
    void recordings.watch((event) => late.push(event), watching.signal);
    expect(late).toMatchObject([{ active: { id, state: 'recording', seconds: 6 } }]);
    watching.abort();
    await recordings.close();
  });

  it('refuses to start on a disk that takes nothing, leaving no folder behind', async () => {
    const { recordings, dir } = await service(fillingFs(0));
    await expect(recordings.start({ system: false })).rejects.toMatchObject({ code: 'recording.disk_full' });
    expect(readdirSync(dir)).toEqual([]);
    expect(recordings.running()).toBe(false);
    await recordings.close();
  });

  it('leaves nothing behind for a recording stopped before any audio arrived', async () => {
    const { recordings, dir } = await service();
    const { id } = await recordings.start({ system: false });
    expect(await recordings.stop({ id })).toMatchObject({ state: 'stopped', seconds: 0 });
    expect(readdirSync(dir)).toEqual([]);
    await recordings.close();
  });

  it('starts one recording when Start comes twice at once', async () => {
    const { recordings } = await service();
    const outcomes = await Promise.allSettled([recordings.start({ system: false }), recordings.start({ system: false })]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({ reason: { code: 'recording.already_running' } });
    await recordings.close();
  });
});
