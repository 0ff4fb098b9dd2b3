import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Recording } from '../../../../shared/contract/recording';
import type { LiveFeed } from '../../../../electron/core/services/recording/live-feed';
import { openSession } from '../../../../electron/core/services/recording/session';
import { type TrackFs, nodeTrackFs } from '../../../../electron/core/services/recording/track-fs';
import { fakeClock, fillingFs, framesOf, probedSeconds, readWav } from '../../../support/recording';
import { testFolder } from '../../../support/temp-folder';

async function session(options: { tracks?: Recording['tracks']; fs?: TrackFs; feed?: LiveFeed } = {}) {
  const folder = await testFolder('confab-session-');
  const clock = fakeClock();
  const changes: Array<{ recording: Recording; lasting: boolean }> = [];
  const recording: Recording = {
    id: 'r1',
    startedAt: clock.now(),
    state: 'recording',
    tracks: options.tracks ?? ['mic', 'system'],
    seconds: 0,
    markers: [],
    notices: [],
    problem: null,
    jobId: null,
    whoSpoke: null,
  };
  const opened = await openSession({ fs: options.fs ?? nodeTrackFs, folder, now: clock.now, changed: (r, lasting) => void changes.push({ recording: r, lasting }), feed: options.feed }, recording);
  let seq = 0;
  /** One second of the page's audio, one second of wall time later. */
  const second = (values = [100, 200]) => {
    clock.advance(1_000);
    return opened.append({ id: 'r1', seq: seq++, pcm: framesOf(1, values.slice(0, recording.tracks.length)) });
  };
  const wav = (track: string) => readWav(join(folder, `${track}.wav`));
  return {
    opened,
    clock,
    changes,
    folder,
    second,
    wav,
    setSeq: (next: number) => (seq = next),
    /** What the watchers were last told (the recording as opened when nothing was told yet). */
    latest: () => changes.at(-1)?.recording ?? recording,
  };
}

describe('the running recording', () => {
  it('lets a live feed hear every stretch once it is kept, silence of a reload included, and tells it the end', async () => {
    const heard: Array<{ at: number; frames: number; first: number[] }> = [];
    const ended: Recording[] = [];
    const feed: LiveFeed = { heard: (tracks, at) => void heard.push({ at, frames: tracks[0]!.byteLength / 2, first: tracks.map((t) => t.readInt16LE(0)) }), ended: (r) => void ended.push(r) };
    const { opened, second, clock } = await session({ feed });
    await second([100, -200]);
    clock.advance(2_000);
    await opened.attach('r1');
    await second([7, 8]);
    expect(heard).toEqual([
      { at: 0, frames: 16_000, first: [100, -200] },
      { at: 16_000, frames: 32_000, first: [0, 0] },
      { at: 48_000, frames: 16_000, first: [7, 8] },
    ]);
    expect(ended).toEqual([]);
    await opened.stop();
    expect(ended).toMatchObject([{ state: 'stopped', seconds: 4 }]);
  });

  it('writes each track to its own file, flushed before the answer', async () => {
    const { second, wav } = await session();
    expect(await second([100, -200])).toEqual({ ok: true });
    expect(wav('mic')).toMatchObject({ dataSize: 32_000, fileSize: 44 + 32_000 });
    expect([wav('mic').sample(15_999), wav('system').sample(0)]).toEqual([100, -200]);
  });

  it('answers a retried chunk without writing it twice, and refuses a gap', async () => {
    const { opened, second, wav, clock } = await session();
    await second();
    await second();
    clock.advance(1_000);
    expect(await opened.append({ id: 'r1', seq: 1, pcm: framesOf(1, [1, 1]) })).toEqual({ ok: true });
    expect(await opened.append({ id: 'r1', seq: 5, pcm: framesOf(1, [1, 1]) })).toMatchObject({ ok: false, problem: { code: 'recording.out_of_order' } });
    expect(await opened.append({ id: 'other', seq: 2, pcm: framesOf(1, [1, 1]) })).toMatchObject({ ok: false, problem: { code: 'recording.not_running' } });
    expect(wav('mic').samples).toBe(32_000);
  });

  it('keeps one clock: a page back from a reload gets the gap as silence in both tracks, and the next seq', async () => {
    const { opened, second, wav, clock } = await session();
    await second();
    clock.advance(7_000);
    expect(await opened.attach('r1')).toBe(1);
    expect(wav('mic').samples).toBe(8 * 16_000);
    // The reloaded page's clock and markers go on from here, not from before the gap.
    expect(opened.view().seconds).toBe(8);
    expect(wav('system').samples).toBe(wav('mic').samples);
    expect(wav('mic').sample(5 * 16_000)).toBe(0);
    expect(await second()).toEqual({ ok: true });
    expect(wav('system').samples).toBe(wav('mic').samples);
  });

  it('does not count or pad paused time, refuses chunks while paused, and goes on after resume', async () => {
    const { opened, second, wav, clock, latest } = await session();
    await second();
    await opened.pause('r1');
    expect(latest().state).toBe('paused');
    clock.advance(60_000);
    expect(await opened.append({ id: 'r1', seq: 1, pcm: framesOf(1, [1, 1]) })).toMatchObject({ ok: false, problem: { code: 'recording.paused' } });
    await opened.resume('r1');
    expect(await opened.attach('r1')).toBe(1);
    expect(wav('mic').samples).toBe(16_000);
    expect(await second()).toEqual({ ok: true });
    expect(latest().state).toBe('recording');
    expect(opened.view()).toMatchObject({ state: 'recording', seconds: 2 });
  });

  it('refuses audio faster than real time, so a page cannot fill the disk', async () => {
    const { opened } = await session();
    // No wall time has passed: the slack's 5 s go through, the sixth second is refused.
    for (let seq = 0; seq < 5; seq++) expect(await opened.append({ id: 'r1', seq, pcm: framesOf(1, [1, 1]) })).toEqual({ ok: true });
    expect(await opened.append({ id: 'r1', seq: 5, pcm: framesOf(1, [1, 1]) })).toMatchObject({ ok: false, problem: { code: 'recording.too_fast' } });
  });

  it('keeps a marker the page placed ahead of the audio kept so far (a chunk still on its way), and Stop brings any past the end back to it', async () => {
    const { opened, second, clock } = await session();
    await second();
    // Two seconds recorded by the clock, one kept: the page's second chunk is still coming.
    clock.advance(1_000);
    await opened.mark('r1', 1.75);
    expect(opened.view().markers).toEqual([{ at: 1.75, label: '' }]);
    const stopped = await opened.stop();
    expect(stopped.seconds).toBe(1);
    expect(stopped.markers).toEqual([{ at: 1, label: '' }]);
  });

  it('marks where the audio is, never past it, in order', async () => {
    const { opened, second, latest } = await session();
    await second();
    await second();
    await opened.mark('r1', 1.5);
    await opened.mark('r1', 99);
    await opened.mark('r1', 0.25);
    expect(latest().markers).toEqual([
      { at: 0.25, label: '' },
      { at: 1.5, label: '' },
      { at: 2, label: '' },
    ]);
  });
});

describe('one clock', () => {
  it('holds both tracks to the same frames, the count main reports, after any sequence of chunks, retries, reloads and pauses', async () => {
    const { opened, clock, wav } = await session();
    // A fixed pseudo-random walk (a linear congruential generator), so a failure replays exactly.
    let state = 27;
    const next = (n: number) => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31), state % n);
    let seq = 0;
    let paused = false;
    for (let step = 0; step < 150; step++) {
      const action = next(6);
      if (action <= 2 && !paused) {
        const seconds = (1 + next(20)) / 10;
        clock.advance(seconds * 1000 + next(300));
        const outcome = await opened.append({ id: 'r1', seq, pcm: framesOf(seconds, [next(2000), -next(2000)]) });
        if (outcome.ok) seq += 1;
      } else if (action === 3 && seq > 0 && !paused) {
        expect(await opened.append({ id: 'r1', seq: seq - 1, pcm: framesOf(0.5, [1, 1]) })).toEqual({ ok: true });
      } else if (action === 4 && !paused) {
        clock.advance(next(10_000));
        seq = await opened.attach('r1');
      } else if (paused) {
        clock.advance(next(5_000));
        await opened.resume('r1');
        paused = false;
      } else {
        await opened.pause('r1');
        paused = true;
      }
      const mic = wav('mic').samples;
      expect(wav('system').samples).toBe(mic);
      expect(Math.round(opened.view().seconds * 16_000)).toBe(mic);
    }
    expect(wav('mic').samples).toBeGreaterThan(30 * 16_000);
  }, 60_000); // 150 steps, each flushed to disk: slow on a loaded two-core machine
});

describe('notices while recording', () => {
  it('say within 5 s that chunks stopped arriving, and clear when one comes', async () => {
    const { second, clock, latest, opened } = await session();
    await second();
    clock.advance(4_000);
    opened.tick();
    expect(latest().notices).toEqual([]);
    clock.advance(1_000);
    opened.tick();
    expect(latest().notices).toEqual([{ code: 'recording.stalled', values: { seconds: 5 } }]);
    await opened.attach('r1');
    await second();
    expect(latest().notices).toEqual([]);
  });

  it('say a microphone gives only digital silence after 5 s of it, and clear when it carries sound', async () => {
    const { second, latest } = await session();
    for (let n = 0; n < 4; n++) await second([0, 50]);
    expect(latest().notices).toEqual([]);
    await second([0, 50]);
    expect(latest().notices).toEqual([{ code: 'recording.mic_silent', values: { seconds: 5 } }]);
    await second([3, 50]);
    expect(latest().notices).toEqual([]);
  });

  it('say a track the page lost, until it carries sound again', async () => {
    const { opened, second, latest } = await session();
    opened.trackLost('r1', 'system', 'ended');
    expect(latest().notices).toEqual([{ code: 'recording.system_ended', values: {} }]);
    await second([10, 0]);
    expect(latest().notices).toHaveLength(1);
    await second([10, 5]);
    expect(latest().notices).toEqual([]);
  });
});

describe('a write failure', () => {
  it.each([
    ['ENOSPC', 'recording.disk_full'],
    ['EFBIG', 'recording.disk_full'],
    ['EIO', 'recording.write_failed'],
  ])('(%s) ends the recording cleanly with %s, keeping both tracks playable and aligned', async (code, problem) => {
    // Two track headers, then three writes a chunk a track: the third chunk meets the full disk.
    const fs = fillingFs(2 + 2 * 3 * 2, code);
    const { second, wav, latest, folder } = await session({ fs });
    await second();
    await second();
    const outcome = await second();
    expect(outcome).toMatchObject({ ok: false, problem: { code: problem } });
    expect(latest()).toMatchObject({ state: 'ended', seconds: 2, problem: { code: problem } });
    for (const track of ['mic', 'system']) {
      expect(wav(track)).toMatchObject({ dataSize: 64_000, fileSize: 44 + 64_000 });
      expect(await probedSeconds(join(folder, `${track}.wav`))).toBeCloseTo(2, 2);
    }
    expect(await second()).toMatchObject({ ok: false, problem: { code: problem } });
  });

  it('cuts a track that took the failed chunk back to the others, so both stay on one clock', async () => {
    // The third chunk: the microphone's samples are written whole, system audio's meet the full disk.
    const { second, wav, latest, folder } = await session({ fs: fillingFs(2 + 2 * 3 * 2 + 1) });
    await second();
    await second();
    expect(await second()).toMatchObject({ ok: false, problem: { code: 'recording.disk_full' } });
    expect(latest()).toMatchObject({ state: 'ended', seconds: 2 });
    for (const track of ['mic', 'system']) {
      expect(wav(track)).toMatchObject({ dataSize: 64_000, fileSize: 44 + 64_000 });
      expect(await probedSeconds(join(folder, `${track}.wav`))).toBeCloseTo(2, 2);
    }
  });
});
