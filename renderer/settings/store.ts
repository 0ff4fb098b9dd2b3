import { create } from 'zustand';
import type { KeyStatus, KeychainProblem } from '../../shared/contract/secrets';
import type { ConnectionOutcome, Settings, SettingsPatch } from '../../shared/contract/settings';
import type { ServiceFailure } from '../../shared/domain/service-failure';
import { api } from '../api';
import { watchStream } from '../api/watch';

interface SettingsState {
  settings: Settings | null;
  key: KeyStatus | null;
  /** The last failure of a settings call, worded by the screen in its language (the typed values stay in their fields). */
  error: unknown;
  testing: boolean;
  connection: ConnectionOutcome | null;
  /** Why main did not take the last replacement key (the old one is kept). */
  refusedKey: ServiceFailure | null;
  /** Why the key the service accepted could not be written to the keychain (it is held nowhere). */
  keyNotStored: KeychainProblem | null;
  load(): Promise<void>;
  update(patch: SettingsPatch): Promise<boolean>;
  setKey(key: string, memoryOnly: boolean): Promise<boolean>;
  deleteKey(): Promise<void>;
  testConnection(): Promise<void>;
}

export const useSettings = create<SettingsState>((set, get) => {
  /**
   * Runs a call; on failure records its message and answers false, so forms keep their input.
   * The last call's message goes as this one starts: one message at a time, the newest.
   */
  async function attempt(work: () => Promise<void>): Promise<boolean> {
    set({ error: null });
    try {
      await work();
      return true;
    } catch (error) {
      set({ error });
      return false;
    }
  }

  return {
    settings: null,
    key: null,
    error: null,
    testing: false,
    connection: null,
    refusedKey: null,
    keyNotStored: null,

    async load() {
      await attempt(async () => {
        const [settings, key] = await Promise.all([api.settings.get(), api.secrets.status()]);
        set({ settings, key, connection: null, refusedKey: null, keyNotStored: null });
      });
    },
    async update(patch) {
      // Shown at once so controls respond immediately; put back if main refuses it.
      const before = get().settings;
      if (before) set({ settings: { ...before, ...patch } });
      const saved = await attempt(async () => {
        const settings = await api.settings.update(patch);
        // The key status depends on the base URL: a key is only for the origin it was saved for.
        set({ settings, key: patch.baseUrl === undefined ? get().key : await api.secrets.status(), connection: null });
      });
      if (!saved) set({ settings: before });
      return saved;
    },
    async setKey(key, memoryOnly) {
      let taken = false;
      const sent = await attempt(async () => {
        const change = await api.secrets.setKey({ key, memoryOnly });
        taken = change.refused === null && change.notStored === null;
        set({ key: change.status, refusedKey: change.refused, keyNotStored: change.notStored, connection: null });
      });
      return sent && taken;
    },
    async deleteKey() {
      await attempt(async () => {
        set({ key: await api.secrets.deleteKey(), connection: null, refusedKey: null, keyNotStored: null });
      });
    },
    async testConnection() {
      set({ testing: true, connection: null });
      await attempt(async () => {
        const connection = await api.settings.testConnection();
        // The test was a use of the key, which retries a pending deletion in the keychain: say how it went.
        set({ connection, key: get().key?.deletionPending ? await api.secrets.status() : get().key });
      });
      set({ testing: false });
    },
  };
});

/** Follows main's settings for as long as the app runs: a write main held and has now saved, said without the page asking. */
export const watchSettings = () => watchStream(api.settings.watch, (settings) => useSettings.setState({ settings }));

/**
 * Calls `listener` when what the app connects with changes: the key, the base URL or the MCP
 * address. Returns the unsubscribe.
 */
export const onConnectionChange = (listener: () => void) =>
  useSettings.subscribe((now, before) => {
    if (now.key !== before.key || now.settings?.baseUrl !== before.settings?.baseUrl || now.settings?.mcpUrl !== before.settings?.mcpUrl) {
      listener();
    }
  });
