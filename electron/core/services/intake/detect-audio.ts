import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { AUDIO_EXTENSIONS } from '../../../../shared/contract/transcription';
import { errorText } from '../../../../shared/domain/error-text';

type AudioFormat = (typeof AUDIO_EXTENSIONS)[number];

/** file-type's names for the containers the service accepts. */
const BY_DETECTED_EXTENSION: Record<string, AudioFormat> = {
  mp3: 'mp3',
  mp2: 'mpga',
  mp1: 'mpga',
  wav: 'wav',
  m4a: 'm4a',
  mp4: 'mp4',
  m4v: 'mp4',
  webm: 'webm',
  mpg: 'mpeg',
};

type Detected = Awaited<ReturnType<typeof fileTypeFromFile>>;
export type Detection = { ok: true; format: AudioFormat; mimeType: string } | { ok: false; problem: string };

function classify(detected: Detected, name: string): Detection {
  const format = detected && BY_DETECTED_EXTENSION[detected.ext];
  if (!detected || !format) {
    const found = detected ? `it is ${detected.ext.toUpperCase()} (${detected.mime})` : 'its content is not a known audio format';
    return {
      ok: false,
      problem: `${name} cannot be transcribed: ${found}. The service accepts ${AUDIO_EXTENSIONS.join(', ')}.`,
    };
  }
  return { ok: true, format, mimeType: detected.mime };
}

/**
 * Recognises the file by its content, not its name: a renamed text file is refused, and a
 * .mp3 that is really a WAV is sent as what it is.
 */
export async function detectAudio(path: string, name: string): Promise<Detection> {
  let detected: Detected;
  try {
    detected = await fileTypeFromFile(path);
  } catch (error) {
    return { ok: false, problem: `${name} could not be read (${errorText(error)}). Check the file and try again.` };
  }
  return classify(detected, name);
}

/** How many first bytes `refuseEarly` needs: file-type's own sample size. */
export const SNIFF_BYTES = 4100;

/**
 * A refusal from a file's first bytes, before the rest is read or copied; null when they may be
 * audio. Only an MP3 can need more than the first bytes (its ID3 tag, cover art included, comes
 * before the audio and file-type skips it by seeking), so such a start is decided on the whole file.
 */
export async function refuseEarly(head: Uint8Array, name: string): Promise<string | null> {
  if (new TextDecoder().decode(head.subarray(0, 3)) === 'ID3') return null;
  const detection = classify(await fileTypeFromBuffer(head), name);
  return detection.ok ? null : detection.problem;
}
