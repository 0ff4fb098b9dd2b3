import type { JobRequest } from '../../../../shared/contract/jobs';
import type { Capabilities, Recording, Track } from '../../../../shared/contract/recording';
import type { Plan } from '../../../../shared/domain/plan-rules';
import type { RecordingClock } from './clock';
import type { LiveFeedOpener } from './live-feed';
import type { QueueDeps } from './queue-recording';
import type { TrackFs } from './track-fs';

export type { RecordingClock } from './clock';

/** What the labelling of who spoke needs of a transcribed recording: its track files. */
export interface TranscribedRecording {
  recording: Recording;
  tracks: Array<{ track: Track; path: string }>;
}

export interface RecordingServiceDeps extends QueueDeps {
  /** <data>/recordings: one folder per recording. */
  dir: string;
  plan(): Plan;
  defaults(): JobRequest;
  systemAudio(): Capabilities['systemAudio'];
  /** Who spoke: called once a recording's transcript is kept, and when the user says who spoke in a microphone-only one after that. */
  onTranscribed?(recording: TranscribedRecording, transcriptId: string): void | Promise<void>;
  fs?: TrackFs;
  clock?: RecordingClock;
  /** What follows each recording's audio while it runs (live parts, captions). */
  feeds?: LiveFeedOpener[];
}

