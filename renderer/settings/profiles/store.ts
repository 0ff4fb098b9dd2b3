import { create } from 'zustand';
import type { ProfileList } from '../../../shared/contract/profiles';
import { api } from '../../api';
import { useSettings } from '../store';

interface ProfilesState {
  list: ProfileList | null;
  /** The last refusal (a duplicate name, the last profile), worded by the screen. */
  problem: unknown;
  /** The profile switcher (Ctrl/Cmd+Shift+P) is open. */
  switcherOpen: boolean;
  load(): Promise<void>;
  create(name: string, copyFrom: string | null): Promise<boolean>;
  rename(id: string, name: string): Promise<boolean>;
  remove(id: string): Promise<boolean>;
  switchTo(id: string): Promise<boolean>;
  /** A plan refusal's answer: that profile's plan becomes Free. */
  setFree(id: string): Promise<boolean>;
  openSwitcher(open: boolean): void;
}

export const useProfiles = create<ProfilesState>((set) => {
  /** Sends one intent; main answers with the new list, or refuses in words kept for the screen. */
  async function send(work: () => Promise<ProfileList>): Promise<boolean> {
    try {
      set({ list: await work(), problem: null });
      return true;
    } catch (error) {
      set({ problem: error });
      return false;
    }
  }

  return {
    list: null,
    problem: null,
    switcherOpen: false,
    load: async () => void (await send(() => api.profiles.list())),
    create: (name, copyFrom) => send(() => api.profiles.create({ name, copyFrom })),
    async rename(id, name) {
      const done = await send(() => api.profiles.rename({ id, name }));
      // The sidebar shows the active profile's name from the settings main returns.
      if (done && useProfiles.getState().list?.activeId === id) await useSettings.getState().load();
      return done;
    },
    async remove(id) {
      const before = useProfiles.getState().list?.activeId;
      const done = await send(() => api.profiles.delete({ id }));
      // Deleting the active profile makes another one active: its settings and key come from main.
      if (done && useProfiles.getState().list?.activeId !== before) await useSettings.getState().load();
      return done;
    },
    async switchTo(id) {
      const done = await send(() => api.profiles.switch({ id }));
      if (done) await useSettings.getState().load();
      return done;
    },
    async setFree(id) {
      const done = await send(() => api.profiles.setFree({ id }));
      // Main tells every window through settings.watch; this one shows it without waiting for the echo.
      if (done && useSettings.getState().settings?.profileId === id) await useSettings.getState().load();
      return done;
    },
    openSwitcher: (open) => set({ switcherOpen: open }),
  };
});
