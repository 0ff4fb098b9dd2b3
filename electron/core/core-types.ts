// What the core takes and gives: the shell, the harness and the tests build on these.
import type { Capabilities, ChunkInput, ChunkOutcome } from '../../shared/contract/recording';
import type { Router } from './router';
import type { AudioSplitter, StartSplitProcess } from './services/audio-split';
import type { Consent } from './services/consent/consent';
import type { DesktopEvents } from './services/events/desktop-events';
import type { Staging } from './services/intake/staging';
import type { JobQueue } from './services/jobs/job-queue';
import type { OpenedRecordings } from './services/jobs/opened-recordings';
import type { ModelJobQueue } from './services/model-jobs/model-job-queue';
import type { ModelRequests } from './services/model-requests/model-requests';
import type { Keytar } from './services/keys/keychain';
import type { LanguageService } from './services/language/language-service';
import type { LiveCutOptions } from './services/live-parts';
import type { RecordingClock, RecordingServiceDeps } from './services/recording/recording-service';
import type { TrackFs } from './services/recording/track-fs';
import type { FileSaver } from './services/storage/file-saver';
import type { UserPresence } from './services/tools/approvals';

export interface CoreOptions {
  /** The user-data folder: settings, history and temporary files live here. */
  userDataDir: string;
  /** Pre-fills the base URL on first run (APP_BASE_URL). */
  initialBaseUrl?: string;
  /** The OS's preferred languages (Electron's), or the browser's in the harness; English without. */
  systemLanguages?: () => readonly string[];
  /** Injected in tests; the OS keychain otherwise. */
  keytar?: Keytar;
  /** Tests inject one; otherwise `makeFetch` builds main's fetch, else Node's own. */
  fetch?: typeof fetch;
  /** Main's fetch around the profile's proxy: net.fetch in Electron, undici in the harness. */
  makeFetch?(proxy: () => string | null): typeof fetch;
  /** Electron's save dialog, or the browser harness's download shelf; none where nothing is saved (tests). */
  fileSaver?: FileSaver;
  /**
   * Asks the user, outside the page, before a program starts or a tool is always allowed:
   * Electron's dialog, the harness's terminal. Without one every such request is refused.
   */
  consent?: Consent;
  /** Electron's real-input signal backing tool approvals; the harness has none (approvals.ts). */
  presence?: UserPresence;
  /** Where the page plays a saved recording from; app://confab/media/<id> unless the harness signs its own. */
  mediaUrl?: (transcriptId: string) => string;
  /** Splits recordings over the upload limit; tests inject a fake. */
  splitter?: AudioSplitter;
  /** Starts the splitter's process per request: Electron's utility process; a Node child process by default. */
  splitProcess?: StartSplitProcess;
  /** Whether system audio can be recorded here (Electron, by platform); the harness cannot. */
  systemAudio?: () => Capabilities['systemAudio'];
  /** Labels who spoke in a recording's transcript, from its tracks, once the transcript is kept. */
  onRecordingTranscribed?: RecordingServiceDeps['onTranscribed'];
  /** Tests inject a track file system that fails (a full disk) and a clock. */
  recordingFs?: TrackFs;
  recordingClock?: RecordingClock;
  /** Where a recording is cut while it runs, for the parts sent before Stop (tests use seconds-long parts). */
  liveCuts?: Partial<LiveCutOptions>;
  /** How often keychain deletions that failed are tried again (a minute; a test that revives the keychain waits longer). */
  keyDeletionRetryMs?: number;
}

/** What the shell and the harness need of recording, beside the router. */
export interface RecordingDoor {
  /** A chunk from the page (Electron's binary IPC, the harness's PUT route), written and flushed before it answers. */
  append(input: ChunkInput): Promise<ChunkOutcome>;
  /** Whether a recording the user started is running or paused: the media permission and quitting ask this. */
  running(): boolean;
  onRunningChange(listener: (running: boolean) => void): () => void;
  /** Whether the page may open the microphone: a recording runs or a dictation take listens (the media permission). */
  microphone(): boolean;
  /** Whether the page may capture system audio: the running recording has a system track. */
  systemAudio(): boolean;
  /** Ends the running recording keeping all of it, as Stop does (quitting while recording). */
  stopRunning(): Promise<void>;
}

export interface Core {
  router: Router;
  /** For the byte routes beside the router: staging by path or raw body, and recordings to play. */
  files: { staging: Staging; audioPath(transcriptId: string): string | null };
  /** Menu intents and opened files for the page (Electron sends them; the harness has no source). */
  desktop: DesktopEvents;
  /** The transcription queue, for main's own listeners (`onJobEvent`: notifications, taskbar progress). */
  jobs: JobQueue;
  /**
   * Every model request that is not a chat reply goes through `requests` (JSON of a shape, any
   * plan, cut to fit); long ones run as `jobs` of a feature's kind, which registers its handler.
   */
  models: { requests: ModelRequests; jobs: ModelJobQueue };
  /** Where the shell hands recordings the OS opened with Confab, once staged: main queues them. */
  opened: OpenedRecordings;
  /** The language of main's own words (menus, dialogs, notifications), following the settings. */
  language: LanguageService;
  recording: RecordingDoor;
  close(): Promise<void>;
}
