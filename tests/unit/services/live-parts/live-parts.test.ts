import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_JOB_REQUEST } from '../../../../shared/contract/jobs';
import type { Recording } from '../../../../shared/contract/recording';
import type { ServiceFailure } from '../../../../shared/domain/service-failure';
import type { Transcript } from '../../../../shared/domain/transcript';
import type { SplitCut } from '../../../../electron/core/services/audio-split';
import { createLiveParts } from '../../../../electron/core/services/live-parts';
import type { Transcribed } from '../../../../electron/core/services/transcription/transcribe-file';
import type { UploadFile } from '../../../../electron/core/services/transcription/upload';
import { trackPath } from '../../../../electron/core/services/recording/manifest';
import { nodeTrackFs } from '../../../../electron/core/services/recording/track-fs';
import { createTrackWriter } from '../../../../electron/core/services/recording/track-writer';
import { speech } from '../../../support/live-audio';
import { testFolder } from '../../../support/temp-folder';

const RATE = 16_000;
/** What the recording's parts are sent with (the transcription defaults below). */
const REQUEST = { ...DEFAULT_JOB_REQUEST, prompt: 'Weekly sync.', glossary: 'Kubernetes' };
// Pauses near every 2 s target (parts of 2 s ± 0.5 s).
const PAUSES = [[1.9, 2.3], [4.0, 4.4], [6.1, 6.5]] as const;
const unreachable = { kind: 'network', reason: 'unreachable', status: null, code: 'ECONNREFUSED', message: '', host: 'service', retryAfterSeconds: null } as ServiceFailure;
const transcriptOf = (text: string): Transcript => ({
  format: 'verbose_json',
  text,
  raw: '{}',
  language: 'en',
  duration: 1,
  words: [{ word: text, start: 0, end: 0.5 }],
  segments: [{ id: 0, start: 0, end: 0.5, text }],
});

/** A fake service the test answers by hand: each upload waits until the test says how it went. */
function fakeService() {
  const sent: Array<{ file: UploadFile; prompt: string; answer(result: Transcribed): void }> = [];
  const transcribe = (file: UploadFile, request: { prompt: string }) => new Promise<Transcribed>((answer) => sent.push({ file, prompt: request.prompt, answer }));
  return { sent, transcribe };
}

/** A recording in a folder of its own, its mic track written and flushed before the feed hears it, as the session does. */
async function recordingIn(dir: string) {
  const recording: Recording = { id: 'rec-1', startedAt: 0, state: 'recording', tracks: ['mic'], seconds: 0, markers: [], notices: [], problem: null, jobId: null, whoSpoke: null };
  const writer = await createTrackWriter(nodeTrackFs, trackPath(dir, 'mic'));
  return { recording, writer };
}

function liveParts(service: ReturnType<typeof fakeService>, max = 3) {
  const waits: number[] = [];
  const wakes: Array<() => void> = [];
  const parts = createLiveParts({
    transcribe: service.transcribe as never,
    plan: () => 'pro',
    defaults: () => REQUEST,
    partsInFlight: () => max,
    speakerNames: () => ['Dana'],
    cuts: { targetSeconds: 2, searchRadiusSeconds: 0.5 },
    sleep: (ms) => new Promise<void>((resolve) => (waits.push(ms), wakes.push(resolve))),
  });
  return { parts, waits, wake: () => wakes.splice(0).forEach((wake) => wake()) };
}

async function record(feed: ReturnType<ReturnType<typeof createLiveParts>['open']>, writer: Awaited<ReturnType<typeof createTrackWriter>>, audio: Buffer) {
  for (let at = 0; at < audio.byteLength / 2; at += RATE) {
    const chunk = audio.subarray(at * 2, Math.min(audio.byteLength, (at + RATE) * 2));
    await writer.append(chunk);
    feed.heard([chunk], at);
  }
}

describe('the live parts of a recording', () => {
  it('queues parts on disk while the service is unreachable, without holding the recording, and sends them when it is back', async () => {
    const dir = await testFolder('confab-live-');
    const service = fakeService();
    const { parts, waits, wake } = liveParts(service);
    const { recording, writer } = await recordingIn(dir);
    const feed = parts.open(recording, dir);
    await record(feed, writer, speech(8, PAUSES));

    // Three parts were cut and went at once, all three in flight together, with the glossary prompt.
    await expect.poll(() => service.sent.length).toBe(3);
    expect(service.sent.map((send) => send.prompt)).toEqual(Array(3).fill('Weekly sync. Dana, Kubernetes'));
    for (const send of service.sent.splice(0)) send.answer({ ok: false, failure: unreachable });
    // Nothing came: each waits (2 s backoff), its audio kept on disk.
    await expect.poll(() => waits.length).toBeGreaterThan(0);
    expect(waits[0]).toBeGreaterThan(1000);
    const live = join(dir, 'live');
    expect(readdirSync(live).filter((name) => name.endsWith('.wav')).sort()).toEqual(['part-000.wav', 'part-001.wav', 'part-002.wav']);
    expect(readdirSync(live).filter((name) => name.endsWith('.json') && name !== 'cuts.json')).toEqual([]);

    // The network is back: the same bytes go again and every result is kept.
    const sizes = new Map<string, number>();
    wake();
    await expect.poll(() => service.sent.length).toBe(3);
    for (const send of service.sent.splice(0)) {
      sizes.set(send.file.name, send.file.size);
      send.answer({ ok: true, transcript: transcriptOf(send.file.name) });
    }
    await expect.poll(() => readdirSync(live).filter((name) => /^part-\d+\.json$/.test(name)).length).toBe(3);
    await expect.poll(() => existsSync(join(live, 'part-000.wav'))).toBe(false);

    // Stop: the last part is the job's; the plan covers the whole recording, sample-true.
    await writer.close();
    await feed.ended({ ...recording, state: 'stopped', seconds: 8 });
    const handed = await parts.planOf(dir, { ...recording, state: 'stopped', seconds: 8 }, REQUEST);
    expect(handed!.plan.cuts.at(-1)!.endSample).toBe(8 * RATE);
    expect(handed!.plan.cuts.map((cut) => cut.startSample)).toEqual([0, ...handed!.plan.cuts.slice(0, -1).map((cut) => cut.endSample)]);
    expect(handed!.parts.map((part) => part.state)).toEqual(['done', 'done', 'done', 'waiting']);
    expect(handed!.parts[1]!.transcript!.text).toBe('part 2.wav');
    // A part's audio is the mix of its stretch: 44 bytes of header and two bytes a frame.
    const second = handed!.plan.cuts[1]!;
    expect(sizes.get('part 2.wav')).toBe(44 + (second.endSample - second.startSample) * 2);
    // A job asking for something else (another prompt) does not take results sent with this one.
    expect(await parts.planOf(dir, { ...recording, state: 'stopped', seconds: 8 }, { ...DEFAULT_JOB_REQUEST, prompt: 'Other.' })).toBeNull();
  });

  it('waits as a 429 asks and sends the limited part again, each part answered once', async () => {
    const dir = await testFolder('confab-live-');
    const service = fakeService();
    const { parts, waits, wake } = liveParts(service);
    const { recording, writer } = await recordingIn(dir);
    const feed = parts.open(recording, dir);
    await record(feed, writer, speech(8, PAUSES));
    await expect.poll(() => service.sent.length).toBe(3);
    const [first, ...others] = service.sent.splice(0);
    first!.answer({ ok: false, failure: { ...unreachable, kind: 'rate_limit', reason: null, status: 429, retryAfterSeconds: 3 } });
    await expect.poll(() => waits.length).toBe(1);
    expect(waits[0]).toBeGreaterThan(2_500);
    expect(waits[0]).toBeLessThanOrEqual(3_000);
    for (const send of others) send.answer({ ok: true, transcript: transcriptOf(send.file.name) });
    // Nothing goes before the wait is over.
    await expect.poll(() => readdirSync(join(dir, 'live')).filter((name) => /^part-\d+\.json$/.test(name)).length).toBe(2);
    expect(service.sent).toHaveLength(0);
    wake();
    await expect.poll(() => service.sent.length).toBe(1);
    expect(service.sent[0]!.file.name).toBe(first!.file.name);
    service.sent[0]!.answer({ ok: true, transcript: transcriptOf(first!.file.name) });
    const firstCut = (JSON.parse(readFileSync(join(dir, 'live', 'cuts.json'), 'utf8')) as { cuts: SplitCut[] }).cuts[0]!;
    await expect(parts.pending(recording.id, firstCut, REQUEST)).resolves.toMatchObject({ transcript: { text: 'part 1.wav' } });
    await writer.close();
    await feed.ended({ ...recording, state: 'stopped', seconds: 8 });
  });

  it('after a crash that lost the last cuts, cuts the rest in its pauses and keeps the parts transcribed', async () => {
    const dir = await testFolder('confab-live-');
    const service = fakeService();
    const { parts } = liveParts(service, 1);
    const { recording, writer } = await recordingIn(dir);
    const feed = parts.open(recording, dir);
    await record(feed, writer, speech(8, PAUSES));
    await expect.poll(() => service.sent.length).toBe(1);
    service.sent[0]!.answer({ ok: true, transcript: transcriptOf('first') });
    await expect.poll(() => existsSync(join(dir, 'live', 'part-000.json'))).toBe(true);
    // Killed before the later cuts reached the disk: only the first is on record.
    const cutsFile = join(dir, 'live', 'cuts.json');
    const stored = JSON.parse(readFileSync(cutsFile, 'utf8')) as { sentWith: string; cuts: unknown[] };
    writeFileSync(cutsFile, JSON.stringify({ ...stored, cuts: stored.cuts.slice(0, 1) }));
    await writer.close();

    // The next start: nothing of the recording is in memory, only its folder.
    const handed = await liveParts(fakeService(), 1).parts.planOf(dir, { ...recording, state: 'recovered', seconds: 8 }, REQUEST);
    const cuts = handed!.plan.cuts;
    expect(handed!.parts.map((part) => part.state)).toEqual(['done', 'waiting', 'waiting', 'waiting']);
    expect(cuts.map((cut) => cut.index)).toEqual([0, 1, 2, 3]);
    expect(cuts.map((cut) => cut.startSample)).toEqual([0, ...cuts.slice(0, -1).map((cut) => cut.endSample)]);
    expect(cuts.at(-1)!.endSample).toBe(8 * RATE);
    // The rest is cut in its pauses, as it would have been while recording.
    for (const [n, [from, to]] of [[1, PAUSES[1]], [2, PAUSES[2]]] as const) {
      expect(cuts[n]!.endSample / RATE).toBeGreaterThan(from);
      expect(cuts[n]!.endSample / RATE).toBeLessThan(to);
    }
  });

  it('drops nothing at Stop: a part in flight is the job’s to await, a queued one the job’s to send', async () => {
    const dir = await testFolder('confab-live-');
    const service = fakeService();
    const { parts } = liveParts(service, 1);
    const { recording, writer } = await recordingIn(dir);
    const feed = parts.open(recording, dir);
    await record(feed, writer, speech(8, PAUSES));
    await expect.poll(() => service.sent.length).toBe(1);
    await writer.close();
    await feed.ended({ ...recording, state: 'stopped', seconds: 8 });

    const handed = await parts.planOf(dir, { ...recording, state: 'stopped', seconds: 8 }, REQUEST);
    expect(handed!.parts.map((part) => part.state)).toEqual(['waiting', 'waiting', 'waiting', 'waiting']);
    const [first, second] = handed!.plan.cuts;
    const inFlight = parts.pending(recording.id, first!, REQUEST);
    expect(inFlight).not.toBeNull();
    // Queued at Stop: never sent here, the job sends it.
    expect(parts.pending(recording.id, second!, REQUEST)).toBeNull();
    // A job whose plan or options are not the recording's sends its own parts: the same index is not the same audio.
    expect(parts.pending(recording.id, { ...first!, endSample: first!.endSample + RATE }, REQUEST)).toBeNull();
    expect(parts.pending(recording.id, first!, { ...REQUEST, language: 'de' })).toBeNull();
    service.sent[0]!.answer({ ok: true, transcript: transcriptOf('first') });
    await expect(inFlight).resolves.toMatchObject({ transcript: { text: 'first' }, flag: null });
    expect(service.sent).toHaveLength(1);
    // Kept in the folder: a job made later (or after a restart) takes it as done.
    const later = await parts.planOf(dir, { ...recording, state: 'stopped', seconds: 8 }, REQUEST);
    expect(later!.parts.map((part) => part.state)).toEqual(['done', 'waiting', 'waiting', 'waiting']);
  });
});
