import { join } from 'node:path';
import { contract } from '../../shared/contract';
import { askHandlers } from './handlers/ask';
import { conversationsHandlers } from './handlers/conversations';
import { desktopHandlers } from './handlers/desktop';
import { dictationHandlers } from './handlers/dictation';
import { historyHandlers } from './handlers/history';
import { jobsHandlers } from './handlers/jobs';
import { mcpHandlers } from './handlers/mcp';
import { modelJobsHandlers } from './handlers/model-jobs';
import { permissionsHandlers } from './handlers/permissions';
import { transcriptionHandlers } from './handlers/transcription';
import { notesHandlers } from './handlers/notes';
import { translationHandlers } from './handlers/translation';
import { peopleHandlers } from './handlers/people';
import { transcriptEditorHandlers } from './handlers/transcript-editor';
import { profilesHandlers } from './handlers/profiles';
import { recordingHandlers } from './handlers/recording';
import { secretsHandlers } from './handlers/secrets';
import { settingsHandlers } from './handlers/settings';
import { createRouter } from './router';
import { log } from './log';
import { createChatService } from './services/completion/chat-service';
import { refuseAll } from './services/consent/consent';
import { createConsentGate } from './services/consent/consent-memory';
import { createDesktopEvents } from './services/events/desktop-events';
import { createConversationService } from './services/conversations/conversation-service';
import { createDictationService } from './services/dictation/dictation-service';
import { lockDataFolder } from './services/storage/data-lock';
import { noSaver } from './services/storage/file-saver';
import { scheduleBackups } from './services/history/backup-schedule';
import { createBackups } from './services/history/backups';
import type { HistoryStore } from './services/history/history-store';
import { openHistory } from './services/history/open-history';
import { repairNotice } from './services/history/repair-notice';
import { LIVE_BITRATE, createAudioSplitter, createClipEncoder, wholePlan } from './services/audio-split';
import { createLiveCaptions } from './services/live-captions/live-captions';
import { createJobFiles } from './services/jobs/job-files';
import { createJobQueue } from './services/jobs/job-queue';
import { openJobStore } from './services/jobs/job-store';
import { createOpenedRecordings } from './services/jobs/opened-recordings';
import type { RunDeps } from './services/jobs/run-job';
import { createLiveParts } from './services/live-parts';
import { transcribeFile } from './services/transcription/transcribe-file';
import { createMcpHost } from './services/mcp/mcp-host';
import { loadServerConfigs } from './services/mcp/server-configs';
import { createProfileKeys } from './services/keys/profile-keys';
import { guardedFetch } from './services/net/guarded-fetch';
import { DEFAULT_LIMITS } from './services/net/limits';
import { rememberSecret } from './services/net/redact';
import { createServiceClient } from './services/net/service-client';
import { createStaging } from './services/intake/staging';
import { openHeld } from './core-held';
import { createTranscriptionService } from './services/recordings/transcription-service';
import { labelFromTracks, sideNames } from './services/speaker-tracks';
import { createSettingsStore } from './services/settings/settings-store';
import { createLanguageService } from './services/language/language-service';
import { noPresenceSignal } from './services/tools/approvals';
import { createToolPermissions } from './services/tools/permission-rules';
import { defaultMcpUrl, originOf } from '../../shared/contract/settings';
import { SERVICE_SERVER_ID } from '../../shared/contract/mcp';
import { RECORDING_SAMPLE_RATE } from '../../shared/contract/recording';
import { transcriptionAllowed } from '../../shared/domain/plan-rules';
import { localStamp } from './services/recording/queue-recording';
import { type RecordingService, createRecordingService } from './services/recording/recording-service';
import { appMediaUrl } from './app-origin';
import { openKeychainStores } from './core-keychain';
import { openEditing, removeEach } from './core-editing';
import { openModelFeatures } from './core-models';
import type { Core, CoreOptions } from './core-types';

export type { Core, CoreOptions, RecordingDoor } from './core-types';

/**
 * Builds every main-process service and the router over them. Electron's IPC adapter and
 * the browser harness's WebSocket bridge both serve this one router.
 */
export async function createCore(options: CoreOptions): Promise<Core> {
  const { dataAccount, keyStore, secrets, retryDeletions } = await openKeychainStores(options);
  const settings = await createSettingsStore({
    dir: options.userDataDir,
    initialBaseUrl: options.initialBaseUrl,
    systemLanguages: options.systemLanguages,
    onMigrate: (profile) => keyStore.adoptLegacy(dataAccount, profile.id, originOf(profile.baseUrl), new Date()),
  });
  const language = createLanguageService({ language: () => settings.get().uiLanguage, onSettingsChange: settings.onChange });
  const lock = lockDataFolder(options.userDataDir);
  const backups = createBackups({ dir: join(options.userDataDir, 'backups') });
  const notice = repairNotice(join(options.userDataDir, 'history-notice.json'), backups);
  let history: HistoryStore;
  try {
    history = openHistory({ dataDir: options.userDataDir, afterCrash: lock.afterCrash, backups, notice });
  } catch (error) {
    lock.release();
    throw error;
  }
  const netFetch = options.fetch ?? options.makeFetch?.(() => settings.proxy()) ?? fetch;
  const clientDeps = { fetch: netFetch };
  const keys = createProfileKeys({
    keys: keyStore,
    settings,
    // Rotation tries the candidate on its own client, so the stored key is untouched until it works.
    probe: (candidate, baseUrl) => {
      rememberSecret(candidate);
      return createServiceClient({ ...clientDeps, baseUrl: () => baseUrl, apiKey: async () => candidate }).testConnection();
    },
  });
  // Every key read is remembered for redaction (net/redact.ts) and for guardedFetch's https rule.
  const keyFor = async (url: string) => {
    const found = await keys.keyFor(url);
    rememberSecret(found.key);
    return found;
  };
  const service = createServiceClient({ ...clientDeps, baseUrl: () => settings.get().baseUrl, profileId: () => settings.get().profileId, apiKey: async (url) => (await keyFor(url)).key });
  const configs = await loadServerConfigs({ dir: options.userDataDir, secrets });
  const consent = await createConsentGate({ dir: options.userDataDir, consent: options.consent ?? refuseAll, t: language.t });
  const permissions = await createToolPermissions({
    dir: options.userDataDir,
    gate: consent,
    serverName: (id) => (id === SERVICE_SERVER_ID ? 'Service' : (configs.all().find((server) => server.id === id)?.name ?? null)),
  });
  const mcp = createMcpHost({
    configs,
    consent,
    service: { url: () => settings.get().mcpUrl ?? defaultMcpUrl(settings.get().baseUrl), apiKey: keyFor },
    fetch: guardedFetch(netFetch, DEFAULT_LIMITS.maxRedirects),
  });
  const files = options.fileSaver ?? noSaver;
  const presence = options.presence ?? noPresenceSignal;
  const staging = createStaging(join(options.userDataDir, 'staging'));
  const transcription = createTranscriptionService({ staging, history, audioDir: join(options.userDataDir, 'audio') });
  // The queue hands transcripts back to the recordings, and recordings add to the queue: the
  // recording service is made once the queue exists, and reached through this binding meanwhile.
  let recording: RecordingService | null = null;
  const transcribe: RunDeps['transcribe'] = (file, request, runOptions) => transcribeFile(service, file, request, runOptions);
  // A recording made in Confab has the user's voice in it: their name belongs in its glossary.
  const userName = () => [settings.get().speakerName].filter((name): name is string => !!name);
  const captions = createLiveCaptions({
    enabled: () => transcriptionAllowed(settings.get().plan) && settings.get().liveCaptions,
    transcribe,
    defaults: settings.transcriptionDefaults,
    speakerNames: userName,
    sides: () => sideNames(language.t, settings.get().speakerName),
    encoder: () => createClipEncoder({ start: options.splitProcess, sampleRate: RECORDING_SAMPLE_RATE }),
  });
  const splitter = options.splitter ?? createAudioSplitter({ start: options.splitProcess });
  const liveParts = createLiveParts({
    transcribe,
    // A process per part, as the splitter makes a job's parts: one every few minutes, off main's thread.
    encode: (path, frames, outPath) =>
      splitter.encodePart({ path, plan: wholePlan(RECORDING_SAMPLE_RATE, frames), index: 0, outPath, bitrate: LIVE_BITRATE, signal: new AbortController().signal }).then((part) => part.bytes),
    plan: () => settings.get().plan,
    defaults: settings.transcriptionDefaults,
    partsInFlight: settings.partsInFlight,
    speakerNames: userName,
    cuts: options.liveCuts,
    // Each final part's text takes the place of the captions in its span.
    onPartDone: (recordingId, part) => captions.partDone(recordingId, part),
    // The recorder says that parts wait for the service, beside the captions that do.
    onWaiting: (recordingId, waiting) => captions.partsWaiting(recordingId, waiting),
  });
  const jobs = createJobQueue({
    store: openJobStore(join(options.userDataDir, 'jobs.sqlite')),
    files: createJobFiles(join(options.userDataDir, 'jobs')),
    takeStaged: (fileId) => staging.take(fileId),
    run: {
      transcribe,
      splitter,
      partsInFlight: settings.partsInFlight,
      speakerNames: (recordingId) => (recordingId === null ? [] : userName()),
      pending: liveParts.pending,
      keep: (record, audioPath, format, recordingId) => {
        transcription.keep(recording?.marked(record, recordingId) ?? record, audioPath, format);
        recording?.transcribed(recordingId, record.id);
        // Its parts from while recording are in the transcript now: their sender and results go from memory.
        if (recordingId) liveParts.forget(recordingId);
      },
    },
  });
  const { models, modelJobs, notes, ask, translation, chatContext } = openModelFeatures({ service, history, dataDir: options.userDataDir, plan: () => settings.get().plan, partsInFlight: settings.partsInFlight, contextBudget: () => settings.get().contextBudget });
  const { people, editor, waveforms, closeEditing } = openEditing({ history, settings, language, dataDir: options.userDataDir, splitProcess: options.splitProcess });
  recording = await createRecordingService({
    dir: join(options.userDataDir, 'recordings'),
    staging,
    jobs,
    plan: () => settings.get().plan,
    defaults: settings.transcriptionDefaults,
    fileName: (startedAt) => language.t('recording.fileName', { date: localStamp(startedAt) }),
    systemAudio: options.systemAudio ?? (() => ({ available: false, problem: { code: 'recording.system_audio_unavailable', values: {} } })),
    onTranscribed: options.onRecordingTranscribed ?? labelFromTracks(editor, () => sideNames(language.t, settings.get().speakerName)),
    fs: options.recordingFs,
    clock: options.recordingClock,
    feeds: [liveParts.open, captions.open],
    livePlan: liveParts.planOf,
  });
  const stopFollowingJobs = jobs.onJobEvent((event) => event.type === 'removed' && void recording.jobsRemoved(event.ids));

  const held = openHeld({ dataDir: options.userDataDir, staging, history });
  const conversations = createConversationService({
    held, history,
    chat: createChatService({ service, tools: mcp, rules: permissions, presence }),
    plan: () => settings.get().plan,
    context: chatContext, models,
  });

  const stopBackups = scheduleBackups(backups, history.db);
  const stopDeletionRetries = retryDeletions();
  // Every page's history views read it again when a repair ends, and a call it refused runs again.
  history.onRepaired(() => conversations.tell({ type: 'repaired' }));
  const desktop = createDesktopEvents();

  const dictation = createDictationService({ staging, plan: () => settings.get().plan, defaults: settings.transcriptionDefaults, transcribe });
  const router = createRouter(contract, {
    settings: settingsHandlers({ settings, service }),
    secrets: secretsHandlers({ keys }),
    profiles: profilesHandlers({ settings, keys: keyStore }),
    conversations: conversationsHandlers({ conversations, held, files }),
    history: historyHandlers({
      history,
      files,
      backups,
      notice,
      staging,
      scratchPath: join(options.userDataDir, 'backups', 'restoring.sqlite'),
      stopReply: conversations.stop,
      tell: conversations.tell,
      restored: people.refresh,
    }),
    transcription: transcriptionHandlers({
      history,
      files,
      mediaUrl: options.mediaUrl ?? appMediaUrl,
      transcription,
      editor,
      subtitleRules: settings.subtitleRules,
      words: language.t,
      resolvePerson: people.resolve,
      tell: conversations.tell,
      transcriptRemoved: (id) => removeEach(id, [waveforms.forget, (gone) => recording.transcriptRemoved(gone), translation.transcriptRemoved]),
    }),
    transcriptEditor: transcriptEditorHandlers({ editor, people, files, subtitleRules: settings.subtitleRules, words: language.t, waveforms }),
    people: peopleHandlers({ people, editor }),
    notes: notesHandlers({ notes, history, files, words: language.t }),
    translation: translationHandlers({ translation, history, files }),
    ask: askHandlers({ history, ask }),
    jobs: jobsHandlers({ jobs, plan: () => settings.get().plan, defaults: settings.transcriptionDefaults }),
    modelJobs: modelJobsHandlers({ modelJobs }),
    recording: recordingHandlers({ recording, captions, presence }),
    dictation: dictationHandlers({ dictation, presence }),
    mcp: mcpHandlers({ mcp }),
    permissions: permissionsHandlers({ permissions }),
    desktop: desktopHandlers({ events: desktop }),
  });

  return {
    router,
    desktop,
    files: {
      staging,
      // A lookup by id in the history: an unknown id is simply no file.
      audioPath: (id) => {
        try {
          return history.transcripts.audioPath(id);
        } catch {
          return null;
        }
      },
    },
    jobs,
    models: { requests: models, jobs: modelJobs },
    language,
    recording: {
      append: recording.append,
      running: recording.running,
      microphone: () => recording.running() || dictation.listening(),
      systemAudio: recording.systemAudio,
      onRunningChange: recording.onRunningChange,
      stopRunning: recording.stopRunning,
    },
    opened: createOpenedRecordings({ jobs, settings, events: desktop, discard: (fileId) => staging.discard(fileId) }),
    async close() {
      stopFollowingJobs();
      await recording.close();
      liveParts.close();
      await jobs.close();
      await modelJobs.close();
      await closeEditing();
      stopBackups();
      stopDeletionRetries();
      await conversations.close();
      await mcp.close();
      // A backup copy still running after the wait reads the database: the process ends without closing it (SQLite recovers the WAL at the next start).
      if (await backups.settled()) history.close();
      else log.warn('A history backup was still being written at quit; the history database was left open.');
      lock.release();
    },
  };
}
