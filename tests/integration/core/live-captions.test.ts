import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Job } from '../../../shared/contract/jobs';
import type { LiveChange, LiveTranscript, PauseHint, Recording } from '../../../shared/contract/recording';
import { applyLiveChange } from '../../../shared/domain/live-transcript';
import { createCore } from '../../../electron/core/core';
import type { MultipartLogBody } from '../../fake-service/script';
import { memoryKeytar } from '../../support/memory-keytar';
import { fakeClock } from '../../support/recording';
import { track } from '../../support/speech-pcm';
import { testFolder } from '../../support/temp-folder';
import { fake, useFake } from '../../support/use-fake';

// Live captions through the real core, as the page drives a recording (router calls, chunks
// through the door), against the fake service: what it is sent while recording, and what the
// page's captions stream shows.
useFake();

async function openCore(plan: 'free' | 'pro', liveCuts?: { targetSeconds: number; searchRadiusSeconds: number }, netFetch?: typeof fetch) {
  const dir = await testFolder('confab-captions-');
  const clock = fakeClock();
  const core = await createCore({ userDataDir: dir, initialBaseUrl: fake.baseUrl, keytar: memoryKeytar(), recordingClock: clock, systemAudio: () => ({ available: true, problem: null }), onRecordingTranscribed: () => undefined, liveCuts, fetch: netFetch });
  onTestFinished(() => core.close());
  // Each subscription is a page: it applies main's changes as the renderer's store does.
  const pages = new Map<string, { events: LiveChange[]; live: LiveTranscript | null }>();
  const sink = {
    send(channel: string, payload: unknown) {
      if (!channel.startsWith('recording:captions')) return;
      const { id, event } = payload as { id: string; event: LiveChange };
      const page = pages.get(id) ?? { events: [], live: null };
      pages.set(id, { events: [...page.events, event], live: applyLiveChange(page.live, event) });
    },
  };
  /** What the page that subscribed first shows, after each event. */
  const shown = {
    at: (index: number) => {
      const first = [...pages.values()][0];
      return first && index === -1 ? first.live : undefined;
    },
    get length() {
      return [...pages.values()][0]?.events.length ?? 0;
    },
  };
  async function invoke<T>(channel: string, payload?: unknown): Promise<T> {
    const result = await core.router.invoke(channel, payload, sink);
    if (!result.ok) throw new Error(result.error.message);
    return result.value as T;
  }
  await invoke('settings:update', { plan, speakerName: 'Dana' });
  await invoke('secrets:setKey', { key: fake.keys[plan], memoryOnly: true });
  /** Records the two tracks, a second at a time, as the page sends them; answers main's pause hint for each chunk. */
  async function record(id: string, mic: Int16Array, system: Int16Array, firstSeq = 0) {
    const hints: Array<PauseHint | undefined> = [];
    for (let n = 0; n * 16_000 < mic.length; n++) {
      const pcm = new Int16Array(16_000 * 2);
      for (let i = 0; i < 16_000; i++) [pcm[i * 2], pcm[i * 2 + 1]] = [mic[n * 16_000 + i] ?? 0, system[n * 16_000 + i] ?? 0];
      clock.advance(1_000);
      const outcome = await core.recording.append({ id, seq: firstSeq + n, pcm: new Uint8Array(pcm.buffer) });
      expect(outcome.ok).toBe(true);
      hints.push(outcome.ok ? outcome.pauseHint : undefined);
    }
    return hints;
  }
  /** A page opening the live transcript now: its id, once its first event came. */
  async function subscribe() {
    const { id } = await invoke<{ id: string }>('recording:captions');
    await expect.poll(() => pages.get(id)?.events.length ?? 0).toBeGreaterThan(0);
    return id;
  }
  return { core, dir, invoke, shown, record, pages, subscribe };
}

const captionRequests = () =>
  fake.requests.filter((request) => request.path === '/v1/audio/transcriptions' && /^\d{6}-(mic|system)\.(wav|webm)$/.test((request.body as MultipartLogBody).file?.filename ?? ''));
const fieldOf = (request: { body: unknown }, name: string) => (request.body as MultipartLogBody).fields[name];

// The user speaks twice, the other side once between: three stretches, two of them the microphone's.
const mic = track({ speech: 2 }, { quiet: 3 }, { speech: 2 }, { quiet: 2 });
const system = track({ quiet: 2.5 }, { speech: 2 }, { quiet: 4.5 });

describe('live captions through the core', () => {
  it('on Pro, sends each track\'s speech while recording and streams the captions, named by side', async () => {
    const app = await openCore('pro');
    await app.invoke('recording:captions');
    const recording = await app.invoke<Recording>('recording:start', { system: true });
    const hints = await app.record(recording.id, mic, system);
    await expect.poll(() => app.shown.at(-1)?.lines.length, { timeout: 10_000 }).toBe(3);
    const live = app.shown.at(-1)!;
    // Every chunk's answer tells the page what pause to hand over at once: each track's threshold, main's windows, the pause and a window.
    expect(hints.every((hint) => hint?.quietBelow.length === 2 && hint.windowSeconds === 0.05 && hint.quietSeconds === 0.55)).toBe(true);
    expect(hints.at(-1)!.quietBelow.every((level) => level > 0 && level < 1e-3)).toBe(true);
    expect(live.recordingId).toBe(recording.id);
    expect(live.lines.map((line) => [line.speaker, line.final])).toEqual([
      ['Dana', false],
      ['Others', false],
      ['Dana', false],
    ]);
    expect(live.lines.every((line) => line.text.length > 0)).toBe(true);

    // Plain text in the transcription defaults' language, the prompt the glossary (the user's name), then the same track's words.
    const sent = captionRequests();
    expect(sent.map((request) => (request.body as MultipartLogBody).file!.filename)).toEqual(['000000-mic.webm', '000001-system.webm', '000002-mic.webm']);
    expect(sent.map((request) => fieldOf(request, 'response_format'))).toEqual(['json', 'json', 'json']);
    expect(fieldOf(sent[0]!, 'prompt')).toBe('Dana');
    expect(fieldOf(sent[2]!, 'prompt')).toBe(`Dana ${live.lines[0]!.text}`);
    // The first page got the transcript whole when it attached and when the recording started, then only what changed: a caption an event.
    const [early] = [...app.pages.values()];
    expect(early!.events.filter((event) => event.whole).map((event) => event.recordingId)).toEqual([null, recording.id]);
    expect(early!.events.slice(2).map((event) => [event.whole, event.lines.length, event.removed.length])).toEqual([[false, 1, 0], [false, 1, 0], [false, 1, 0]]);
    // A page that attaches late (or reloads) gets it whole once, and shows what the early one shows.
    const late = await app.subscribe();
    expect(app.pages.get(late)!.events).toEqual([{ ...live, whole: true, removed: [] }]);
    expect(app.pages.get(late)!.live).toEqual(live);

    const stopped = await app.invoke<Recording>('recording:stop', { id: recording.id });
    await expect.poll(() => app.core.jobs.list().find((job: Job) => job.id === stopped.jobId)?.state, { timeout: 15_000 }).toBe('done');
    // Stop: the transcript supersedes the captions, so their folder goes with its clips and what came back.
    expect(existsSync(join(app.dir, 'recordings', recording.id, 'captions'))).toBe(false);
  });

  it('sends nothing while switched off, and captions what follows once switched on', async () => {
    const app = await openCore('pro');
    await app.invoke('recording:captions');
    await app.invoke('settings:update', { liveCaptions: false });
    const recording = await app.invoke<Recording>('recording:start', { system: true });
    // No pause hint while off: the page hands its audio over by the second, as it costs nothing to wait.
    expect(await app.record(recording.id, mic, system)).toEqual(Array(9).fill(undefined));
    await app.invoke('settings:update', { liveCaptions: true });
    expect((await app.record(recording.id, mic, system, 9)).every((hint) => hint !== undefined)).toBe(true);
    await expect.poll(() => app.shown.at(-1)?.lines.length, { timeout: 10_000 }).toBe(3);
    // Only the speech heard after captions were switched on was sent.
    expect(app.shown.at(-1)!.lines.every((line) => line.startSeconds >= 9)).toBe(true);
    expect(captionRequests()).toHaveLength(3);
    await app.invoke('recording:stop', { id: recording.id });
  });

  it('sends no caption on the Free plan, and leaves no captions folder', async () => {
    const app = await openCore('free');
    const recording = await app.invoke<Recording>('recording:start', { system: true });
    expect(await app.record(recording.id, mic, system)).toEqual(Array(9).fill(undefined));
    await app.invoke('recording:stop', { id: recording.id });
    expect(captionRequests()).toEqual([]);
    expect(existsSync(join(app.dir, 'recordings', recording.id, 'captions'))).toBe(false);
  });

  it("shows each live part's final text in place of the captions in its span, the captions after it still provisional", async () => {
    // Parts of about 3 s: the first is cut in the quiet after the user's first words and sent while recording.
    const app = await openCore('pro', { targetSeconds: 3, searchRadiusSeconds: 0.5 });
    await app.invoke('recording:captions');
    const recording = await app.invoke<Recording>('recording:start', { system: true });
    await app.record(recording.id, mic, system);
    await expect.poll(() => app.shown.at(-1)?.lines.some((line) => line.final), { timeout: 15_000 }).toBe(true);
    const { lines } = app.shown.at(-1)!;
    const finals = lines.filter((line) => line.final);
    const finalEnd = Math.max(...finals.map((line) => line.endSeconds));
    // The final lines come first, and no caption is left inside the span the parts cover: the
    // user's first words (0-2 s) are only in the final text now.
    expect(finalEnd).toBeGreaterThan(1);
    expect(lines.slice(0, finals.length)).toEqual(finals);
    const captions = lines.slice(finals.length);
    expect(captions.every((line) => !line.final && (line.startSeconds + line.endSeconds) / 2 >= finalEnd - 0.5)).toBe(true);
    await app.invoke('recording:stop', { id: recording.id });
  });

  it('says that parts and captions wait on this computer while the service is gone, and no more once they go', async () => {
    // The network as Node's fetch meets a service that is gone: the connection refused.
    let gone = false;
    const refused = () => Promise.reject(new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1'), { code: 'ECONNREFUSED' }) }));
    const app = await openCore('pro', { targetSeconds: 3, searchRadiusSeconds: 0.5 }, (input, init) => (gone ? refused() : fetch(input, init)));
    await app.invoke('recording:captions');
    const recording = await app.invoke<Recording>('recording:start', { system: true });
    gone = true;
    await app.record(recording.id, mic, system);
    await expect.poll(() => app.shown.at(-1)?.sendingWaits, { timeout: 10_000 }).toEqual(['parts', 'captions']);
    expect(app.shown.at(-1)!.lines).toEqual([]);

    gone = false;
    await expect.poll(() => app.shown.at(-1)?.sendingWaits, { timeout: 30_000 }).toEqual([]);
    await expect.poll(() => app.shown.at(-1)?.lines.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await app.invoke('recording:stop', { id: recording.id });
  }, 60_000);
});
