import type { Capabilities } from '../../../shared/contract/recording';

/** macOS 14.2 is Darwin 23.2: the first with Core Audio process taps, which Chromium's loopback uses there. */
const FIRST_DARWIN_WITH_TAPS = [23, 2] as const;

/**
 * Whether the system's audio (the call's other side) can be recorded here, said before a
 * recording starts so the page never downgrades silently: Windows and Linux (PulseAudio or
 * PipeWire's monitor) have a loopback device; macOS only from 14.2. `release` is os.release().
 */
export function systemAudioSupport(platform: NodeJS.Platform, release: string): Capabilities['systemAudio'] {
  if (platform === 'win32' || platform === 'linux') return { available: true, problem: null };
  if (platform !== 'darwin') return { available: false, problem: { code: 'system_audio.unsupported', values: { platform } } };
  const [major = 0, minor = 0] = release.split('.').map(Number);
  const [needMajor, needMinor] = FIRST_DARWIN_WITH_TAPS;
  const recent = major > needMajor || (major === needMajor && minor >= needMinor);
  return recent ? { available: true, problem: null } : { available: false, problem: { code: 'system_audio.needs_newer_macos', values: { needed: '14.2' } } };
}

/**
 * Chromium features system audio needs, switched on before ready: on Linux the PulseAudio (and
 * PipeWire-Pulse) loopback behind `audio: 'loopback'` is off by default.
 */
export const systemAudioFeatures = (platform: NodeJS.Platform): string[] => (platform === 'linux' ? ['PulseaudioLoopbackForScreenShare'] : []);
