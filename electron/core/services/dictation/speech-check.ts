import { LevelMeter } from '../audio-split/levels';

/** A window louder than this holds sound above a quiet room's hiss (a microphone's floor sits near -60 dBFS). */
export const SPEECH_DB = -42;
/** Sound this long is a syllable at least: a click, a breath or a bumped desk is shorter. */
export const SPEECH_SECONDS = 0.15;

/**
 * Whether a clip of 16-bit mono samples holds speech: some stretch of SPEECH_SECONDS whose every
 * 50 ms window is above SPEECH_DB. A level, not "all zeros": a real microphone never gives zeros,
 * and a held button over a silent room must not send a request (the service would guess words).
 */
export function holdsSpeech(samples: Int16Array, sampleRate: number): boolean {
  const meter = new LevelMeter(sampleRate);
  const floats = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) floats[i] = samples[i]! / 0x8000;
  meter.push(floats);
  const levels = meter.finish();
  const needed = Math.ceil(SPEECH_SECONDS / (meter.windowSamples / sampleRate));
  let run = 0;
  for (const level of levels) {
    run = level > SPEECH_DB ? run + 1 : 0;
    if (run >= needed) return true;
  }
  return false;
}
