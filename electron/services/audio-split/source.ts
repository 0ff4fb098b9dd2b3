/**
 * A recording opened for one pass: mediabunny's demuxers over a file path (read in cached
 * ranges, never whole), its first audio track, and where the recording's first sample lies
 * in the decoded stream (MP3 decoders output a priming delay first).
 */
import { basename } from 'node:path';
import { ALL_FORMATS, FilePathSource, Input, type InputAudioTrack, Mp3InputFormat } from 'mediabunny';
import { AUDIO_EXTENSIONS } from '../../../shared/contract/transcription';
import { mp3Padding } from './mp3-priming';
import { UnsplittableAudioError } from './protocol';

/** Reads of the recording are cached up to this much (mediabunny's default is 8 MiB). */
const READ_CACHE_BYTES = 4 * 1024 * 1024;

export interface OpenedRecording {
  input: Input;
  track: InputAudioTrack;
  sampleRate: number;
  /** Seconds of decoder priming before the recording's first sample (MP3 only). */
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
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new UnsplittableAudioError(`${name} was not found: it may have been moved or deleted. Add the file again.`);
      throw new UnsplittableAudioError(`${name} cannot be transcribed: its content is not a known audio format. The service accepts ${AUDIO_EXTENSIONS.join(', ')}.`);
    }
    if (!track) throw new UnsplittableAudioError(`${name} has no audio track, so there is nothing to transcribe. Choose a recording with sound.`);
    if (!(await track.canDecode())) throw new UnsplittableAudioError(`${name} uses the ${track.codec ?? 'unknown'} codec, which Confab cannot decode. Convert it to MP3 or WAV and add it again.`);
    const format = await input.getFormat();
    const padding = format instanceof Mp3InputFormat ? await mp3Padding(path) : { start: 0, end: 0 };
    const sampleRate = track.sampleRate;
    return { input, track, sampleRate, origin: padding.start / sampleRate, primingSamples: padding.start, trailingSamples: padding.end };
  } catch (error) {
    input.dispose();
    throw error;
  }
}

/** Where a decoded sample's first frame lies in the recording, in samples. */
export const positionOf = (recording: OpenedRecording, timestamp: number) => Math.round((timestamp - recording.origin) * recording.sampleRate);
