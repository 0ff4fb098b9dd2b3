import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RECORDING_SAMPLE_RATE } from '../../../shared/contract/recording';
import { createClipEncoder } from '../../../electron/core/services/audio-split';
import { wavHeader } from '../../../electron/core/services/recording/wav-header';
import { audioFixtures } from '../../support/audio';
import { speech } from '../../support/live-audio';
import { testFolder } from '../../support/temp-folder';
import { fake, useFake } from '../../support/use-fake';

// A recording's live parts and caption clips go as Opus in WebM, made by the splitter's own
// process from the WAV they were: the fake must hear the same part in both, so a test's
// transcript does not depend on which was sent.
useFake();

async function transcribe(path: string, name: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(path)], { type }), name);
  form.append('model', 'speech-1');
  form.append('response_format', 'verbose_json');
  const response = await fetch(`${fake.baseUrl}/audio/transcriptions`, { method: 'POST', headers: { Authorization: `Bearer ${fake.keys.pro}` }, body: form });
  expect(response.status).toBe(200);
  return (await response.json()) as { text: string; duration: number };
}

describe('a part sent as Opus in WebM', () => {
  it('gets the transcript its WAV gets, for every fixture, at under an eighth of the bytes', async () => {
    const dir = await testFolder('opus-parts-');
    const audio = await audioFixtures();
    try {
      // Spoken words (espeak-ng, at the recording's 16 kHz): a caption-long sentence, and a part of a minute of them with pauses.
      const said = await audio.speak('said.wav', 'The quarterly numbers are in, and the launch moves to March.');
      const resample = (input: string, name: string) => execFileSync('ffmpeg', ['-y', '-v', 'error', '-i', input, '-ar', String(RECORDING_SAMPLE_RATE), '-ac', '1', join(dir, name)]);
      resample(await audio.pad(said, 'padded.wav', 0.7), 'spoken.wav');
      execFileSync('sox', [...Array.from({ length: 12 }, () => join(dir, 'spoken.wav')), join(dir, 'part.wav')]);
      // The tests' own "speech" (a wavering tone): its text must match too, whatever its size.
      const pcm = speech(2.35, []);
      writeFileSync(join(dir, 'caption.wav'), Buffer.concat([wavHeader(pcm.length), pcm]));

      const encoder = createClipEncoder({ sampleRate: RECORDING_SAMPLE_RATE });
      try {
        for (const name of ['spoken', 'part', 'caption']) {
          const wav = join(dir, `${name}.wav`);
          const webm = join(dir, `${name}.webm`);
          const frames = (statSync(wav).size - 44) / 2;
          const bytes = await encoder.encode(wav, frames, webm);
          const [asWav, asOpus] = [await transcribe(wav, `${name}.wav`, 'audio/wav'), await transcribe(webm, `${name}.webm`, 'audio/webm')];
          expect(asOpus.text, name).toBe(asWav.text);
          expect(asOpus.duration, name).toBeCloseTo(frames / RECORDING_SAMPLE_RATE, 2);
          // A steady tone is no speech: Opus spends more on it than its target.
          if (name !== 'caption') expect(bytes, name).toBeLessThanOrEqual(statSync(wav).size / 8);
        }
      } finally {
        encoder.close();
      }
    } finally {
      await audio.close();
    }
  });

});
