import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { open } from 'node:fs/promises';
import { STAGE_HEAD_BYTES } from '../../../../shared/contract/staging';
import { AUDIO_EXTENSIONS } from '../../../../shared/contract/transcription';
import { errorText } from '../../../../shared/domain/error-text';
import type { ProblemData } from '../../../../shared/domain/problem';

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
export type Detection = { ok: true; format: AudioFormat; mimeType: string } | { ok: false; problem: ProblemData };

function classify(detected: Detected, name: string): Detection {
  const format = detected && BY_DETECTED_EXTENSION[detected.ext];
  if (!detected || !format) {
    const accepted = AUDIO_EXTENSIONS.join(', ');
    return {
      ok: false,
      problem: detected
        ? { code: 'intake.not_audio_known', values: { name, type: detected.ext.toUpperCase(), mime: detected.mime, accepted } }
        : { code: 'intake.not_audio', values: { name, accepted } },
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
    return { ok: false, problem: { code: 'intake.unreadable', values: { name, detail: errorText(error) } } };
  }
  return classify(detected, name);
}

/** How many first bytes `refuseEarly` needs: file-type's own sample size, which the harness's page sends first. */
export const SNIFF_BYTES = STAGE_HEAD_BYTES;

/** The first bytes of a file, for its kind's early refusal. */
export async function readHead(path: string): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * A refusal from a file's first bytes, before the rest is read or copied; null when they may be
 * audio. Only an MP3 can need more than the first bytes (its ID3 tag, cover art included, comes
 * before the audio and file-type skips it by seeking), so such a start is decided on the whole file.
 */
export async function refuseEarly(head: Uint8Array, name: string): Promise<ProblemData | null> {
  if (new TextDecoder().decode(head.subarray(0, 3)) === 'ID3') return null;
  const detection = classify(await fileTypeFromBuffer(head), name);
  return detection.ok ? null : detection.problem;
}
