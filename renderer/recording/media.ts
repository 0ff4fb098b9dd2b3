import { BridgeError } from '../../shared/contract/client';
import type { Track } from '../../shared/contract/recording';

const MIC_KEY = 'confab.recording.mic';

/** The chosen microphone, kept by the page (device ids belong to this origin), so a reloaded page captures from the same one. */
export const chosenMic = () => localStorage.getItem(MIC_KEY) ?? '';
export const chooseMic = (deviceId: string) => localStorage.setItem(MIC_KEY, deviceId);

export async function microphones(): Promise<MediaDeviceInfo[]> {
  const devices = await navigator.mediaDevices.enumerateDevices();
  return devices.filter((device) => device.kind === 'audioinput' && device.deviceId !== '');
}

/**
 * The microphone as it hears the room: no processing, each part asked off by name since Chromium
 * turns them all on unless told. Its echo canceller removes only what Chromium itself plays (its
 * reference is Chromium's own output), and while recording Confab plays nothing: the call's other
 * side comes from another program (a meeting app, another browser), which it cannot hear as a
 * reference, so on a meeting recorder's microphone it cost the audio service about 1 % of a core
 * and removed nothing. Noise suppression and gain control cost about half a percent more, and
 * the transcription gets the room as it was. docs/architecture/recording.md says more.
 */
const PROCESSING = { echoCancellation: false, noiseSuppression: false, autoGainControl: false } as const;

export const openMic = (deviceId: string) =>
  navigator.mediaDevices.getUserMedia({ audio: deviceId ? { deviceId: { exact: deviceId }, ...PROCESSING } : PROCESSING });

/**
 * The system's audio (Electron: main answers the request with loopback). Chromium asks for
 * video with it; the video track is stopped at once, only the audio is kept.
 */
export async function openSystem(): Promise<MediaStream> {
  const stream = await navigator.mediaDevices.getDisplayMedia({ audio: true, video: true });
  for (const track of stream.getVideoTracks()) {
    track.stop();
    stream.removeTrack(track);
  }
  if (stream.getAudioTracks().length === 0) {
    stopStreams([stream]);
    throw new BridgeError('recording.system_no_audio', 'recording.system_no_audio', { code: 'recording.system_no_audio', values: {} });
  }
  return stream;
}

/** A track of silence, where a reloaded page cannot have the system's audio back without the user: the tracks keep one clock. */
export function silence(): { stream: MediaStream; close(): void } {
  const context = new AudioContext();
  const destination = context.createMediaStreamDestination();
  return { stream: destination.stream, close: () => void context.close() };
}

/** Reports a track that ended or went mute under the page (a device unplugged, a permission withdrawn). */
export function watchTrack(stream: MediaStream, onLost: (reason: 'ended' | 'muted') => void) {
  for (const track of stream.getAudioTracks()) {
    track.addEventListener('ended', () => onLost('ended'));
    track.addEventListener('mute', () => onLost('muted'));
  }
}

export const stopStreams = (streams: MediaStream[]) => streams.forEach((stream) => stream.getTracks().forEach((track) => track.stop()));

export type TrackStreams = Partial<Record<Track, MediaStream>>;
