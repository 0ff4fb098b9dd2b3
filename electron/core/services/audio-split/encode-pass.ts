/**
 * Pass 2: one part of a plan, [startSample, endSample) of the decoded recording, re-encoded
 * to mono Opus in WebM, built in memory (one part: ~4.7 MB for 20 minutes) and written to its
 * file. Not mediabunny's FilePathTarget: under load its parts came out cut short (all packets
 * encoded, the file seconds shorter), so the part is written once, whole. Decoding starts a
 * little before the part so its first frame is whole (an MP3 frame borrows bits from the ones
 * before it), and samples are trimmed to the part exactly, so a part's samples depend only on
 * the plan and its index.
 */
import { writeFile } from 'node:fs/promises';
import { AudioSampleSink, AudioSampleSource, BufferTarget, Output, WebMOutputFormat } from 'mediabunny';
import type { OpusEncoderConfig } from '@napi-rs/webcodecs';
import { Problem } from '../../../../shared/domain/problem';
import { PART_BITRATE, PART_MIME_TYPE } from './protocol';
import { positionOf, withRecording } from './source';
import type { EncodedPart, SplitPlan, SplitProgress } from './types';

const PROGRESS_INTERVAL_MS = 250;
/** Decoding starts this much before the part: MP3's bit reservoir reaches a few frames back. */
const PREROLL_SECONDS = 0.1;
/**
 * Opus settings for speech: 60 ms frames (a third of the container overhead of 20 ms, and
 * faster), the VoIP mode tuned for intelligibility, and a middle complexity, which encodes
 * faster than the default (10) with no audible loss at this bitrate.
 */
const OPUS_SETTINGS: OpusEncoderConfig = { complexity: 5, frameDuration: 60_000, application: 'voip', signal: 'voice' };

/**
 * The rate the Opus encoder gets: the recording's own where Opus has it, else the next one
 * up (mediabunny resamples). Upsampling adds nothing and removes nothing of the speech, where
 * downsampling would need a proper low-pass. Listed here because the encoder's
 * isConfigSupported says yes to any rate (22.05 kHz included) and then fails at the first frame.
 */
const OPUS_RATES = [8_000, 12_000, 16_000, 24_000, 48_000];
const opusRate = (sampleRate: number) => OPUS_RATES.find((rate) => rate >= sampleRate) ?? 48_000;

export interface PartRequest {
  path: string;
  plan: SplitPlan;
  index: number;
  outPath: string;
  /** Opus bits per second: PART_BITRATE unless given (the live parts' and captions' LIVE_BITRATE). */
  bitrate?: number;
}

export async function encodePart({ path, plan, index, outPath, bitrate = PART_BITRATE }: PartRequest, report: (progress: SplitProgress) => void): Promise<EncodedPart> {
  const cut = plan.cuts[index];
  if (!cut || cut.index !== index) throw new Error(`The plan has no part ${index + 1}.`);
  const { startSample, endSample } = cut;
  return withRecording(path, async (recording) => {
      const { track, sampleRate, origin } = recording;
      if (sampleRate !== plan.sampleRate) throw new Problem('split.changed');
      const partSeconds = (endSample - startSample) / sampleRate;
      const encodeRate = opusRate(sampleRate);
      const target = new BufferTarget();
      const output = new Output({ format: new WebMOutputFormat(), target });
      const encoder = new AudioSampleSource({
        codec: 'opus',
        bitrate,
        transform: { numberOfChannels: 1, ...(encodeRate === sampleRate ? {} : { sampleRate: encodeRate }) },
        onEncoderConfig: (config: AudioEncoderConfig & { opus?: OpusEncoderConfig }) => {
          config.opus = { ...config.opus, ...OPUS_SETTINGS };
        },
      });
      output.addAudioTrack(encoder);
      await output.start();
      try {
        let reported = 0;
        const from = Math.max(0, origin + startSample / sampleRate - PREROLL_SECONDS);
        for await (const sample of new AudioSampleSink(track).samples(from, origin + endSample / sampleRate + PREROLL_SECONDS)) {
          const at = positionOf(recording, sample.timestamp);
          const first = Math.max(0, startSample - at);
          const last = Math.min(sample.numberOfFrames, endSample - at);
          if (last <= first) {
            sample.close();
            if (at >= endSample) break;
            continue;
          }
          const piece = first > 0 || last < sample.numberOfFrames ? sample.trim(first, last) : sample;
          if (piece !== sample) sample.close();
          try {
            piece.setTimestamp((at + first - startSample) / sampleRate);
            await encoder.add(piece);
          } finally {
            piece.close();
          }
          const now = performance.now();
          if (now - reported >= PROGRESS_INTERVAL_MS) {
            reported = now;
            report({ doneSeconds: (at + last - startSample) / sampleRate, totalSeconds: partSeconds });
          }
        }
        encoder.close();
        await output.finalize();
      } catch (error) {
        await output.cancel().catch(() => {});
        throw error;
      }
      const bytes = new Uint8Array(target.buffer!);
      await writeFile(outPath, bytes);
      report({ doneSeconds: partSeconds, totalSeconds: partSeconds });
      return { index, path: outPath, bytes: bytes.byteLength, mimeType: PART_MIME_TYPE, startSeconds: startSample / sampleRate, durationSeconds: partSeconds };
  });
}
