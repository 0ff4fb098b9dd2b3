/**
 * A recording opened for one pass: mediabunny's demuxers over a file path (read in cached
 * ranges, never whole), its first audio track, and where the recording's first sample lies
 * in the decoded stream (MP3 and Opus decoders output a priming delay first).
 */
import { basename } from 'node:path';
import { ALL_FORMATS, FilePathSource, Input, type InputAudioTrack, Mp3InputFormat } from 'mediabunny';
import { AUDIO_EXTENSIONS } from '../../../../shared/contract/transcription';
import { mp3Padding } from './mp3-priming';
import { Problem } from '../../../../shared/domain/problem';

/** Reads of the recording are cached up to this much (mediabunny's default is 8 MiB). */
const READ_CACHE_BYTES = 4 * 1024 * 1024;

export interface OpenedRecording {
  input: Input;
  track: InputAudioTrack;
  sampleRate: number;
  /** Seconds of decoder priming before the recording's first sample (MP3, Opus). */
  origin: number;
  primingSamples: number;
  /** Samples of encoder padding after the recording's last sample (MP3 only). */
  trailingSamples: number;
}

export async function openRecording(path: string): Promise<OpenedRecording> {
  const name = basename(path);
  const input = new Input({ source: new FilePathSource(path, { maxCacheSize: READ_CACHE_BYTES }), formats: ALL_FORMATS });
  try {
    let track: InputAudioTrack | null;
    try {
      track = await input.getPrimaryAudioTrack();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Problem('split.not_found', { name });
      throw new Problem('intake.not_audio', { name, accepted: AUDIO_EXTENSIONS.join(', ') });
    }
    if (!track) throw new Problem('split.no_audio_track', { name });
    if (!(await track.canDecode())) throw new Problem('split.codec', { name, codec: track.codec ?? null });
    const format = await input.getFormat();
    const sampleRate = track.sampleRate;
    const padding = format instanceof Mp3InputFormat ? await mp3Padding(path) : { start: await opusPreSkip(track, sampleRate), end: 0 };
    return { input, track, sampleRate, origin: padding.start / sampleRate, primingSamples: padding.start, trailingSamples: padding.end };
  } catch (error) {
    input.dispose();
    throw error;
  }
}

/** Runs `use` on the recording opened, and closes it whichever way `use` ends. */
export async function withRecording<T>(path: string, use: (recording: OpenedRecording) => Promise<T>): Promise<T> {
  const recording = await openRecording(path);
  try {
    return await use(recording);
  } finally {
    recording.input.dispose();
  }
}

/**
 * Opus streams begin with the encoder's pre-skip (312 samples from libopus), which players
 * drop as the OpusHead header says; the decoder outputs it, so it is dropped here too.
 */
async function opusPreSkip(track: InputAudioTrack, sampleRate: number): Promise<number> {
  if (track.codec !== 'opus') return 0;
  const head = (await track.getDecoderConfig())?.description;
  if (!head) return 0;
  const bytes = head instanceof ArrayBuffer ? new Uint8Array(head) : new Uint8Array(head.buffer, head.byteOffset, head.byteLength);
  if (bytes.length < 12 || String.fromCharCode(...bytes.subarray(0, 8)) !== 'OpusHead') return 0;
  // Pre-skip is counted at 48 kHz whatever the stream's rate.
  return Math.round(((bytes[10]! | (bytes[11]! << 8)) * sampleRate) / 48_000);
}

/** Where a decoded sample's first frame lies in the recording, in samples. */
export const positionOf = (recording: OpenedRecording, timestamp: number) => Math.round((timestamp - recording.origin) * recording.sampleRate);
