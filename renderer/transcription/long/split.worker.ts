/**
 * The splitter: decodes a long recording with WebCodecs (through mediabunny) off the main
 * thread, in two passes, never holding more than a window of it.
 *
 * 1. analyze: every decoded sample is mixed to mono and measured into 50 ms levels (see
 *    levels.ts); only the levels are kept. The cut points are planned from them.
 * 2. encode: one part at a time, [startSample, endSample) of the same decoded stream is
 *    re-encoded to mono Opus in WebM, in memory, and handed over (transferred, not copied).
 *
 * Memory: the levels (288 KB per hour), mediabunny's read cache (4 MiB), the decoder's few
 * frames in flight, and while encoding, the one part being built (~4.7 MB for 20 minutes).
 * What still grows with the length is mediabunny's index of the file's packets (for an MP3,
 * one small object per frame: about 10 MB of heap per hour); the PCM never accumulates.
 * tests/bench/split.bench.ts measures it.
 */
import { ALL_FORMATS, AudioSampleSink, AudioSampleSource, BlobSource, BufferTarget, Input, type InputAudioTrack, Mp3InputFormat, Output, WebMOutputFormat, canEncodeAudio } from 'mediabunny';
import { AUDIO_EXTENSIONS } from '../../../shared/contract/transcription';
import { type SplitOptions, planParts } from './cut-points';
import { LevelMeter } from './levels';
import { mp3Padding } from './mp3-priming';
import { type AnalysisStats, type FromSplitter, PART_BITRATE, type ToSplitter } from './protocol';

/** Reads of the recording are cached up to this much (mediabunny's default is 8 MiB). */
const READ_CACHE_BYTES = 4 * 1024 * 1024;
const PROGRESS_INTERVAL_MS = 250;
/**
 * Opus settings for speech: 60 ms frames (a third of the container overhead of 20 ms, and
 * faster), the VoIP mode tuned for intelligibility, and a middle complexity, which encodes
 * faster than the default (10) with no audible loss at this bitrate. The encoder gets the
 * recording's own rate: Chromium resamples properly, where mediabunny would interpolate.
 */
const OPUS_SETTINGS = { complexity: 5, frameDuration: 60_000, application: 'voip', signal: 'voice' } as const;

interface Opened {
  key: string;
  input: Input;
  track: InputAudioTrack;
  sampleRate: number;
  /** Seconds of decoder priming before the recording's first sample (MP3 only). */
  origin: number;
  primingSamples: number;
  /** Samples of encoder padding after the recording's last sample (MP3 only). */
  trailingSamples: number;
}

let opened: Opened | null = null;

const post = (message: FromSplitter, transfer: Transferable[] = []) => self.postMessage(message, { transfer });

class SplitError extends Error {}

async function open(file: File): Promise<Opened> {
  const key = `${file.name}\u0000${file.size}\u0000${file.lastModified}`;
  if (opened?.key === key) return opened;
  opened?.input.dispose();
  opened = null;
  const input = new Input({ source: new BlobSource(file, { maxCacheSize: READ_CACHE_BYTES }), formats: ALL_FORMATS });
  let track: InputAudioTrack | null;
  try {
    track = await input.getPrimaryAudioTrack();
  } catch {
    throw new SplitError(`${file.name} cannot be transcribed: its content is not a known audio format. The service accepts ${AUDIO_EXTENSIONS.join(', ')}.`);
  }
  if (!track) throw new SplitError(`${file.name} has no audio track.`);
  if (!(await track.canDecode())) throw new SplitError(`${file.name} uses the ${track.codec ?? 'unknown'} codec, which this system cannot decode.`);
  const format = await input.getFormat();
  const padding = format instanceof Mp3InputFormat ? await mp3Padding(file) : { start: 0, end: 0 };
  opened = { key, input, track, sampleRate: track.sampleRate, origin: padding.start / track.sampleRate, primingSamples: padding.start, trailingSamples: padding.end };
  return opened;
}

/** Where a decoded sample's first frame lies in the recording, in samples. */
const positionOf = (source: Opened, timestamp: number) => Math.round((timestamp - source.origin) * source.sampleRate);

async function analyze(id: number, file: File, options: SplitOptions) {
  const started = performance.now();
  const source = await open(file);
  const { track, sampleRate } = source;
  const metadata = await track.getDurationFromMetadata().catch(() => null);
  const totalSeconds = metadata ?? (await track.computeDuration().catch(() => null));
  const meter = new LevelMeter(sampleRate);
  let mono = new Float32Array(0);
  let plane = new Float32Array(0);
  let reported = 0;
  for await (const sample of new AudioSampleSink(track).samples()) {
    try {
      const frames = sample.numberOfFrames;
      const channels = sample.numberOfChannels;
      // The sample's true position: anything before the meter's count (priming, an overlap)
      // is dropped, a gap is measured as silence, so levels stay aligned with samples.
      const at = positionOf(source, sample.timestamp);
      let skip = 0;
      if (at > meter.samples + 1) meter.pushSilence(at - meter.samples);
      else if (at < meter.samples - 1) skip = meter.samples - at;
      if (skip >= frames) continue;
      if (mono.length < frames) {
        mono = new Float32Array(frames);
        plane = new Float32Array(frames);
      }
      sample.copyTo(mono, { planeIndex: 0, format: 'f32-planar' });
      for (let channel = 1; channel < channels; channel++) {
        sample.copyTo(plane, { planeIndex: channel, format: 'f32-planar' });
        for (let i = 0; i < frames; i++) mono[i]! += plane[i]!;
      }
      if (channels > 1) for (let i = 0; i < frames; i++) mono[i]! /= channels;
      meter.push(mono.subarray(skip), frames - skip);
    } finally {
      sample.close();
    }
    const now = performance.now();
    if (now - reported >= PROGRESS_INTERVAL_MS) {
      reported = now;
      post({ type: 'analysis-progress', id, decodedSeconds: meter.samples / sampleRate, totalSeconds: totalSeconds === null ? null : totalSeconds - source.origin });
    }
  }
  // The encoder's padding after the last sample is not part of the recording either.
  const totalSamples = Math.max(0, meter.samples - source.trailingSamples);
  if (totalSamples === 0) throw new SplitError(`${file.name} holds no audio that could be decoded.`);
  const levels = meter.finish();
  const plan = planParts({ levels, windowSamples: meter.windowSamples, sampleRate, totalSamples }, options);
  const stats: AnalysisStats = {
    primingSamples: source.primingSamples,
    levelsBytes: levels.byteLength,
    decodeMs: performance.now() - started,
    codec: track.codec,
    channels: track.numberOfChannels,
  };
  post({ type: 'analysis-progress', id, decodedSeconds: totalSamples / sampleRate, totalSeconds: totalSamples / sampleRate });
  post({ type: 'analyzed', id, plan, stats });
}

async function encode(id: number, file: File, index: number, startSample: number, endSample: number) {
  const started = performance.now();
  const source = await open(file);
  const { track, sampleRate, origin } = source;
  const partSeconds = (endSample - startSample) / sampleRate;
  // Opus takes the recording's own rate where the encoder can; otherwise it is resampled.
  const nativeRate = await canEncodeAudio('opus', { numberOfChannels: 1, sampleRate, bitrate: PART_BITRATE });
  const target = new BufferTarget();
  const output = new Output({ format: new WebMOutputFormat(), target });
  const encoder = new AudioSampleSource({
    codec: 'opus',
    bitrate: PART_BITRATE,
    transform: { numberOfChannels: 1, ...(nativeRate ? {} : { sampleRate: 48_000 }) },
    onEncoderConfig: (config) => {
      config.opus = { ...config.opus, ...OPUS_SETTINGS };
    },
  });
  output.addAudioTrack(encoder);
  await output.start();
  let reported = 0;
  // Decoding starts a little early so the first frame is whole; samples are trimmed to the part exactly.
  for await (const sample of new AudioSampleSink(track).samples(Math.max(0, origin + startSample / sampleRate - 0.1), origin + endSample / sampleRate + 0.1)) {
    const at = positionOf(source, sample.timestamp);
    const from = Math.max(0, startSample - at);
    const to = Math.min(sample.numberOfFrames, endSample - at);
    if (to <= from) {
      sample.close();
      if (at >= endSample) break;
      continue;
    }
    const piece = from > 0 || to < sample.numberOfFrames ? sample.trim(from, to) : sample;
    if (piece !== sample) sample.close();
    try {
      piece.setTimestamp((at + from - startSample) / sampleRate);
      await encoder.add(piece);
    } finally {
      piece.close();
    }
    const now = performance.now();
    if (now - reported >= PROGRESS_INTERVAL_MS) {
      reported = now;
      post({ type: 'encode-progress', id, index, encodedSeconds: (at + to - startSample) / sampleRate, partSeconds });
    }
  }
  encoder.close();
  await output.finalize();
  const bytes = target.buffer;
  if (!bytes) throw new Error(`part ${index + 1} came out empty`);
  post({ type: 'encoded', id, index, bytes, encodeMs: performance.now() - started }, [bytes]);
}

self.addEventListener('message', (event: MessageEvent<ToSplitter>) => {
  const message = event.data;
  const run = message.type === 'analyze' ? analyze(message.id, message.file, message.options) : encode(message.id, message.file, message.index, message.startSample, message.endSample);
  run.catch((error: unknown) => {
    const detail = error instanceof Error ? error.message : String(error);
    const rejected = error instanceof SplitError;
    post({ type: 'failed', id: message.id, message: rejected ? detail : `The recording could not be split: ${detail}`, rejected });
  });
});
