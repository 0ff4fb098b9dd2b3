import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { JobRequest } from '../../../../shared/contract/jobs';
import type { ProfileList } from '../../../../shared/contract/profiles';
import type { Settings, SettingsPatch } from '../../../../shared/contract/settings';
import type { SubtitleRules } from '../../../../shared/domain/transcript';
import { resolveLanguage } from '../../../../shared/i18n/languages';
import { createAtomicWriter, readJsonFile } from '../storage/json-file';
import { diskFaultOf } from '../storage/disk-faults';
import { RETRY_MS } from '../history/refused-writes';
import { createWatchers } from '../events/watchers';
import { log } from '../../log';
import { type ProfileRecord, type SettingsFile, emptyProfile, readSettingsFile } from './settings-file';
import { Problem } from '../../../../shared/domain/problem';

const FILE = 'settings.json';
/** Enough for any real setup; a bound so a misbehaving page cannot grow settings.json without end. */
export const MAX_PROFILES = 50;

export interface SettingsStoreDeps {
  dir: string;
  /** Pre-fills the base URL on first run (APP_BASE_URL). */
  initialBaseUrl?: string;
  /** The OS's preferred languages, best first (the browser's in the harness): what "system" follows. */
  systemLanguages?: () => readonly string[];
  /**
   * Called once when settings.json predates profiles, before the new file is written, so the
   * old keychain entry is moved to the default profile first (a crash in between migrates again).
   */
  onMigrate?(profile: ProfileRecord): Promise<void>;
  /** How long a write the disk refused waits before it is tried again (RETRY_MS). */
  retryMs?: number;
}

/** Settings and profiles as one JSON file in the user-data folder, written atomically. */
export async function createSettingsStore(deps: SettingsStoreDeps) {
  const path = join(deps.dir, FILE);
  await mkdir(deps.dir, { recursive: true });

  const loaded = readSettingsFile(await readJsonFile(path, z.unknown()), deps.initialBaseUrl);
  let file: SettingsFile = loaded.file;
  const write = createAtomicWriter(path);
  const changed = new Set<(settings: Settings) => void>();
  const watchers = createWatchers<Settings>();
  /** Why the settings in use are not in the file yet: they stay in use, and are written on a timer until the disk takes them. */
  let unsaved: Settings['unsaved'] = null;
  let retry: NodeJS.Timeout | null = null;
  /**
   * Applies `next` at once, then writes it. A disk that refuses it (full, read-only, failing)
   * fails no caller: the page would be left with a dead button, so the refusal is told to the
   * watchers instead and the write tried again later; other errors are thrown.
   */
  const save = async (next: SettingsFile): Promise<void> => {
    file = next;
    const before = unsaved;
    try {
      await write(JSON.stringify(file, null, 2));
      unsaved = null;
    } catch (error) {
      const fault = diskFaultOf(error);
      if (!fault) throw error;
      unsaved = { cause: fault, file: path };
      retry ??= setTimeout(() => {
        retry = null;
        save(file).catch((failure: unknown) => log.warn('Held settings could not be written:', failure));
      }, deps.retryMs ?? RETRY_MS).unref();
    }
    if (unsaved?.cause !== before?.cause) watchers.broadcast(get());
  };
  if (loaded.migrated) await deps.onMigrate?.(file.profiles[0]!);
  // A pre-filled base URL (APP_BASE_URL on first run) is kept, so the next start has it too.
  if (loaded.migrated || (loaded.fresh && deps.initialBaseUrl)) await save(file);

  const active = (): ProfileRecord => file.profiles.find((profile) => profile.id === file.activeId) ?? file.profiles[0]!;
  const find = (id: string): ProfileRecord => {
    const profile = file.profiles.find((candidate) => candidate.id === id);
    if (!profile) throw new Problem('profile.gone');
    return profile;
  };
  const refuseDuplicate = (name: string, except?: string) => {
    const taken = file.profiles.some((profile) => profile.id !== except && profile.name.toLowerCase() === name.toLowerCase());
    if (taken) throw new Problem('profile.name_taken', { name });
  };
  const list = (): ProfileList => ({
    activeId: active().id,
    profiles: file.profiles.map(({ id, name, baseUrl }) => ({ id, name, baseUrl })),
  });
  const replaceProfile = (next: ProfileRecord) =>
    save({ ...file, profiles: file.profiles.map((profile) => (profile.id === next.id ? next : profile)) });

  /** The active profile's values with the global ones: what every request and screen uses. */
  const get = (): Settings => {
    const { id, name, baseUrl, mcpUrl, plan, proxy } = active();
    const system = deps.systemLanguages?.() ?? [];
    const uiLanguage = resolveLanguage(file.language, system);
    const systemLanguage = resolveLanguage('system', system);
    return { baseUrl, mcpUrl, plan, proxy, theme: file.theme, language: file.language, uiLanguage, systemLanguage, keyReminderDays: file.keyReminderDays, speakerName: file.speakerName, speakerNameAsked: file.speakerNameAsked || file.speakerName !== null, partsInFlight: file.partsInFlight, liveCaptions: file.liveCaptions, contextBudget: file.contextBudget, profileId: id, profileName: name, unsaved };
  };

  return {
    get,
    subtitleRules: (): SubtitleRules => file.subtitleRules,
    async setSubtitleRules(rules: SubtitleRules): Promise<SubtitleRules> {
      await save({ ...file, subtitleRules: rules });
      return file.subtitleRules;
    },
    transcriptionDefaults: (): JobRequest => file.transcriptionDefaults,
    partsInFlight: (): number => file.partsInFlight,
    async setTranscriptionDefaults(request: JobRequest): Promise<JobRequest> {
      await save({ ...file, transcriptionDefaults: request });
      return file.transcriptionDefaults;
    },

    /** The active profile's proxy URL, or null for a direct connection. */
    proxy: (): string | null => active().proxy,

    async update(patch: SettingsPatch): Promise<Settings> {
      const { theme, language, keyReminderDays, speakerName, speakerNameAsked, partsInFlight, liveCaptions, contextBudget, ...profilePatch } = patch;
      await save({
        ...file,
        ...(theme !== undefined && { theme }),
        ...(language !== undefined && { language }),
        ...(keyReminderDays !== undefined && { keyReminderDays }),
        ...(speakerName !== undefined && { speakerName }),
        ...(speakerNameAsked !== undefined && { speakerNameAsked }),
        ...(partsInFlight !== undefined && { partsInFlight }),
        ...(liveCaptions !== undefined && { liveCaptions }),
        ...(contextBudget !== undefined && { contextBudget }),
        profiles: file.profiles.map((profile) => (profile.id === active().id ? { ...profile, ...profilePatch } : profile)),
      });
      const next = get();
      for (const listener of changed) listener(next);
      return next;
    },
    /** The page's: the settings now, then whenever whether they are saved changes, until `signal` aborts. */
    watch: (emit: (settings: Settings) => void, signal: AbortSignal) => watchers.watch(emit, signal, get),
    /** Main's own listeners (the language main speaks in) hear every update; returns the unsubscribe. */
    onChange(listener: (settings: Settings) => void): () => void {
      changed.add(listener);
      return () => changed.delete(listener);
    },

    list,
    async create(name: string, copyFrom: string | null): Promise<ProfileList & { created: string }> {
      refuseDuplicate(name);
      if (file.profiles.length >= MAX_PROFILES) throw new Problem('profile.limit', { count: MAX_PROFILES });
      const id = randomUUID();
      const source = copyFrom === null ? null : find(copyFrom);
      const profile = source ? { ...source, id, name } : emptyProfile(id, name);
      await save({ ...file, profiles: [...file.profiles, profile] });
      return { ...list(), created: id };
    },
    async rename(id: string, name: string): Promise<ProfileList> {
      refuseDuplicate(name, id);
      await replaceProfile({ ...find(id), name });
      return list();
    },
    async remove(id: string): Promise<ProfileList> {
      find(id);
      if (file.profiles.length === 1) throw new Problem('profile.last');
      const profiles = file.profiles.filter((profile) => profile.id !== id);
      await save({ ...file, profiles, activeId: file.activeId === id ? profiles[0]!.id : file.activeId });
      return list();
    },
    /** A plan refusal's answer: the profile's plan is Free, told to every window when it is the one in use. */
    async setFree(id: string): Promise<ProfileList> {
      await replaceProfile({ ...find(id), plan: 'free' });
      if (id === active().id) {
        const next = get();
        for (const listener of changed) listener(next);
        watchers.broadcast(next);
      }
      return list();
    },
    async switchTo(id: string): Promise<ProfileList> {
      find(id);
      await save({ ...file, activeId: id });
      return list();
    },
  };
}

export type SettingsStore = Awaited<ReturnType<typeof createSettingsStore>>;
