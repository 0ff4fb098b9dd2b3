import { fileTypeFromFile } from 'file-type';
import { AUDIO_EXTENSIONS, type StagedFile } from '../../../shared/contract/transcription';

type AudioFormat = StagedFile['format'];

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

/**
 * Recognises the file by its content, not its name: a renamed text file is refused, and a
 * .mp3 that is really a WAV is sent as what it is.
 */
export async function detectAudio(path: string, name: string): Promise<{ ok: true; format: AudioFormat; mimeType: string } | { ok: false; problem: string }> {
  let detected: Awaited<ReturnType<typeof fileTypeFromFile>>;
  try {
    detected = await fileTypeFromFile(path);
  } catch (error) {
    return { ok: false, problem: `${name} could not be read (${(error as Error).message}). Check the file and try again.` };
  }
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
