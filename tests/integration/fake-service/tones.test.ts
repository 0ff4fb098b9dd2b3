import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../../fake-service/server';
import { testFolder } from '../../support/temp-folder';

// The fake's marker "recognition", which the long-recording e2e test relies on.
let fake: FakeService;
beforeAll(async () => {
  fake = await startFakeService({ toneWords: { alpha: 1500, beta: 2300 } });
});
afterAll(() => fake.close());

describe('fake service tone words', () => {
  it('finds marker tones in an Opus upload at their true times', async () => {
    const dir = await testFolder('fake-tones-');
    const sox = (...args: string[]) => execFileSync('sox', args);
    sox('-n', '-r', '16000', '-c', '1', join(dir, 'a.wav'), 'synth', '0.3', 'sine', '1500');
    sox('-n', '-r', '16000', '-c', '1', join(dir, 'b.wav'), 'synth', '0.4', 'sine', '2300');
    sox('-n', '-r', '16000', '-c', '1', join(dir, 'gap.wav'), 'trim', '0', '1.25');
    sox(...['gap', 'a', 'gap', 'b', 'gap'].map((name) => join(dir, `${name}.wav`)), join(dir, 'all.wav'));
    execFileSync('ffmpeg', ['-v', 'error', '-i', join(dir, 'all.wav'), '-c:a', 'libopus', '-b:a', '24k', join(dir, 'all.webm')]);

    const form = new FormData();
    form.append('file', new Blob([readFileSync(join(dir, 'all.webm'))], { type: 'audio/webm' }), 'all.webm');
    form.append('model', 'speech-1');
    form.append('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'word');
    const response = await fetch(`${fake.baseUrl}/audio/transcriptions`, { method: 'POST', headers: { Authorization: `Bearer ${fake.keys.pro}` }, body: form });
    const body = (await response.json()) as { words: { word: string; start: number; end: number }[]; duration: number };
    expect(body.words.map((w) => w.word)).toEqual(['alpha', 'beta']);
    expect(body.words[0]!.start).toBeCloseTo(1.25, 1);
    expect(body.words[1]!.start).toBeCloseTo(2.8, 1);
    expect(body.duration).toBeCloseTo(4.45, 1);
    expect((fake.requests.at(-1)!.body as { file: { decodedSeconds: number } }).file.decodedSeconds).toBeCloseTo(4.45, 1);
  });
});
