import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { TranscriptionRequest } from '../../../../shared/contract/transcription';
import type { Recording } from '../../../../shared/contract/recording';
import type { Transcript } from '../../../../shared/domain/transcript';
import { type Caption, createCaptionSender } from '../../../../electron/core/services/live-captions/caption-sender';
import { createLiveCaptions } from '../../../../electron/core/services/live-captions/live-captions';
import type { Transcribed } from '../../../../electron/core/services/transcription/transcribe-file';
import type { UploadFile } from '../../../../electron/core/services/transcription/upload';
import { testFolder } from '../../../support/temp-folder';
import { bytes, seconds, track } from '../../../support/speech-pcm';

const networkDown: Transcribed = {
  ok: false,
  failure: { kind: 'network', reason: 'unreachable', status: null, code: 'ECONNREFUSED', message: '', host: 'api.example.com', retryAfterSeconds: null },
};
const transcriptOf = (text: string): Transcript => ({ format: 'json', text, raw: '', language: 'en', duration: null, segments: [], words: [] });
const said = (text: string): Transcribed => ({ ok: true, transcript: transcriptOf(text) });

/** A service the test answers: every request it got (the file's name and bytes, the prompt), and whether the network is there. */
function fakeService(answer: (file: UploadFile, request: TranscriptionRequest) => Transcribed) {
  const state = { up: true, requests: [] as Array<{ name: string; prompt: string; bytes: number }> };
  const transcribe = async (file: UploadFile, request: TranscriptionRequest) => {
    state.requests.push({ name: file.name, prompt: request.prompt, bytes: readFileSync(file.path).length });
    return state.up ? answer(file, request) : networkDown;
  };
  return { state, transcribe };
}

const request = (): TranscriptionRequest => ({ model: 'speech-1', language: '', prompt: '', responseFormat: 'json', granularities: [] });
const clip = (seq: number) => ({ seq, track: 'mic' as const, startSeconds: seq, endSeconds: seq + 0.5 });

describe('the caption sender', () => {
  it('sends each clip as the encoder made it (Opus in WebM) and its WAV goes; a clip the encoder fails on goes as WAV', async () => {
    const folder = join(await testFolder('confab-captions-'), 'captions');
    const service = fakeService((file) => said(`words of ${file.name}`));
    const captions: Caption[] = [];
    const encoded: string[] = [];
    // An encoder that writes a small "WebM" beside the WAV, and fails on the second clip.
    const encode = async (wavPath: string, frames: number, outPath: string) => {
      if (wavPath.includes('000001')) throw new Error('the encoder died');
      encoded.push(`${wavPath.slice(-14)} ${frames}`);
      writeFileSync(outPath, Buffer.alloc(100, 7));
      return 100;
    };
    const sender = createCaptionSender({ folder, transcribe: service.transcribe, request, encode, enabled: () => true, onCaption: (c) => captions.push(c) });
    for (const seq of [0, 1, 2]) sender.add(clip(seq), new Int16Array(8000).fill(1000));
    await vi.waitFor(() => expect(captions).toHaveLength(3));
    expect(encoded.sort()).toEqual(['000000-mic.wav 8000', '000002-mic.wav 8000']);
    // Two go at once, so their requests may come in either order.
    expect(service.state.requests.map((r) => [r.name, r.bytes]).sort()).toEqual([
      ['000000-mic.webm', 100],
      ['000001-mic.wav', 44 + 16_000],
      ['000002-mic.webm', 100],
    ]);
    // Neither the clips nor their WAVs are left once their captions came.
    await vi.waitFor(() => expect(readdirSync(folder).sort()).toEqual(['000000-mic.json', '000001-mic.json', '000002-mic.json']));
    await sender.close();
  });

  it('keeps clips on disk while the network is gone and sends them, oldest first, once it is back', async () => {
    const folder = join(await testFolder('confab-captions-'), 'captions');
    const service = fakeService((file) => said(`words of ${file.name}`));
    service.state.up = false;
    const captions: Caption[] = [];
    const sender = createCaptionSender({ folder, transcribe: service.transcribe, request, enabled: () => true, onCaption: (c) => captions.push(c), waitMs: () => 20 });
    for (const seq of [0, 1, 2, 3]) sender.add(clip(seq), new Int16Array(8000).fill(1000));

    // Tried, refused by the network, and still queued: every clip is a WAV in the folder.
    await vi.waitFor(() => expect(service.state.requests.length).toBeGreaterThanOrEqual(4));
    expect(readdirSync(folder).sort()).toEqual(['000000-mic.wav', '000001-mic.wav', '000002-mic.wav', '000003-mic.wav']);
    expect(sender.queued()).toBeGreaterThanOrEqual(2);
    expect(captions).toEqual([]);

    const failedSoFar = service.state.requests.length;
    service.state.up = true;
    await vi.waitFor(() => expect(captions).toHaveLength(4));
    // Back: they went in the order they were heard, each once, and were shown with what the service said.
    expect(service.state.requests.slice(failedSoFar).map((r) => r.name)).toEqual(['000000-mic.wav', '000001-mic.wav', '000002-mic.wav', '000003-mic.wav']);
    expect(service.state.requests.every((r) => r.bytes === 44 + 16_000)).toBe(true);
    expect(captions.map((c) => c.text).sort()).toEqual(['words of 000000-mic.wav', 'words of 000001-mic.wav', 'words of 000002-mic.wav', 'words of 000003-mic.wav']);
    // Sent clips leave the queue; what came back is kept beside it.
    await vi.waitFor(() => expect(readdirSync(folder).filter((name) => name.endsWith('.wav'))).toEqual([]));
    expect(JSON.parse(readFileSync(join(folder, '000002-mic.json'), 'utf8'))).toMatchObject({ seq: 2, text: 'words of 000002-mic.wav' });
    await sender.close();
  });

  it('waits as a 429 asks, then sends the same clip again', async () => {
    const folder = join(await testFolder('confab-captions-'), 'captions');
    let limited = true;
    const service = fakeService(() => {
      if (!limited) return said('after the wait');
      limited = false;
      return { ok: false, failure: { ...networkDown.failure, kind: 'rate_limit', reason: null, status: 429, code: 'rate_limit_exceeded', retryAfterSeconds: 3 } } as Transcribed;
    });
    const waits: Array<[number | null, number]> = [];
    const captions: Caption[] = [];
    const sender = createCaptionSender({
      folder,
      transcribe: service.transcribe,
      request,
      enabled: () => true,
      onCaption: (c) => captions.push(c),
      waitMs: (retryAfter, inARow) => (waits.push([retryAfter, inARow]), 10),
    });
    sender.add(clip(0), new Int16Array(1600).fill(500));
    await vi.waitFor(() => expect(captions).toHaveLength(1));
    expect(waits).toEqual([[3, 1]]);
    expect(service.state.requests.map((r) => r.name)).toEqual(['000000-mic.wav', '000000-mic.wav']);
    expect(captions[0]!.text).toBe('after the wait');
    await sender.close();
  });

  it('does not send what is queued at the end, and removes its files', async () => {
    const folder = join(await testFolder('confab-captions-'), 'captions');
    const service = fakeService(() => said('x'));
    service.state.up = false;
    const sender = createCaptionSender({ folder, transcribe: service.transcribe, request, enabled: () => true, onCaption: () => undefined, waitMs: () => 60_000 });
    for (const seq of [0, 1, 2]) sender.add(clip(seq), new Int16Array(1600));
    await vi.waitFor(() => expect(service.state.requests.length).toBeGreaterThanOrEqual(1));
    await sender.close();
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe('live captions of a recording', () => {
  const recording: Recording = { id: 'r1', startedAt: 0, state: 'recording', tracks: ['mic', 'system'], seconds: 0, markers: [], notices: [], problem: null, jobId: null, whoSpoke: null };

  async function run(enabled: () => boolean) {
    const folder = await testFolder('confab-recording-');
    let said0 = 0;
    const service = fakeService((file) => said(`${file.name.includes('mic') ? 'mine' : 'theirs'} ${said0++}`));
    const captions = createLiveCaptions({
      enabled,
      transcribe: service.transcribe,
      defaults: () => ({ ...request(), responseFormat: 'verbose_json', granularities: ['word'], glossary: 'Kubernetes, Ada' }),
      speakerNames: () => ['Grace'],
      sides: () => ({ mic: 'Grace', others: 'Others' }),
      sender: { maxInFlight: 1 },
    });
    const feed = captions.open(recording, folder);
    // The microphone speaks three times, the other side once, at another time.
    const mic = track({ speech: 2 }, { quiet: 1 }, { speech: 2 }, { quiet: 1 }, { speech: 2 }, { quiet: 2 });
    const system = track({ quiet: 4 }, { speech: 3 }, { quiet: 3 });
    for (const { block, at } of seconds(mic)) feed.heard([bytes(block), bytes(system.subarray(at, at + block.length))], at);
    return { captions, feed, service, folder };
  }

  it('sends each track\'s stretches with the glossary and the last words confirmed on the same track', async () => {
    const { captions, feed, service } = await run(() => true);
    await vi.waitFor(() => expect(captions.view().lines).toHaveLength(4));
    const mic = service.state.requests.filter((r) => r.name.endsWith('mic.wav'));
    expect(mic).toHaveLength(3);
    expect(mic[0]!.prompt).toBe('Grace, Kubernetes, Ada');
    // The words confirmed on the microphone before it, never the other side's.
    expect(mic[1]!.prompt).toMatch(/^Grace, Kubernetes, Ada mine \d$/);
    expect(mic[2]!.prompt).toMatch(/^Grace, Kubernetes, Ada mine \d mine \d$/);
    const lines = captions.view().lines;
    expect(lines.map((line) => line.speaker)).toEqual(['Grace', 'Grace', 'Others', 'Grace']);
    expect(lines.every((line) => !line.final)).toBe(true);
    await feed.ended(recording);
  });

  it('shows a finished part\'s text in place of the captions in its span', async () => {
    const { captions, feed } = await run(() => true);
    await vi.waitFor(() => expect(captions.view().lines).toHaveLength(4));
    const part = { ...transcriptOf('final words'), format: 'verbose_json' as const, segments: [{ id: 0, start: 0.1, end: 4.5, text: ' Final words.' }] };
    captions.partDone('someone else', { index: 0, startSeconds: 0, endSeconds: 5, transcript: part });
    expect(captions.view().lines).toHaveLength(4);
    captions.partDone('r1', { index: 0, startSeconds: 0, endSeconds: 5, transcript: part });
    const lines = captions.view().lines;
    expect(lines[0]).toMatchObject({ text: 'Final words.', final: true, startSeconds: 0.1, endSeconds: 4.5 });
    // The captions of 0–2 s, 3–5 s (mic) and 4–7 s (system, its middle at 5.5 s): only the last two stay, after it.
    expect(lines.slice(1).map((line) => [line.speaker, line.final])).toEqual([
      ['Others', false],
      ['Grace', false],
    ]);
    await feed.ended(recording);
  });

  it('sends nothing when switched off', async () => {
    const { captions, feed, service, folder } = await run(() => false);
    await feed.ended(recording);
    expect(service.state.requests).toEqual([]);
    expect(captions.view()).toEqual({ recordingId: 'r1', lines: [], sendingWaits: [] });
    expect(existsSync(join(folder, 'captions')) ? readdirSync(join(folder, 'captions')) : []).toEqual([]);
  });
});
