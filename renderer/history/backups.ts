import { create } from 'zustand';
import type { BackupInfo, RestoreOutcome } from '../../shared/contract/history';
import { api } from '../api';
import { useChat } from '../chat';
import { transcriptsRestored } from '../transcription';

/** How the last step went, kept as facts so the section words it in whatever language is on. */
export type BackupsStatus =
  | { kind: 'made'; made: { conversations: number; transcripts: number } }
  | { kind: 'restored'; from: BackupInfo; outcome: RestoreOutcome }
  | { kind: 'error'; failed: 'list' | 'backUp' | 'restore'; error: unknown };

interface BackupsState {
  /** null until main has listed them. */
  backups: BackupInfo[] | null;
  status: BackupsStatus | null;
  busy: boolean;
  /** The section shown anew: no word left from last time, the list read again. */
  open(): Promise<void>;
  refresh(): Promise<void>;
  backUpNow(): Promise<void>;
  restore(backup: BackupInfo): Promise<void>;
}

/** Main's history backups as Settings shows them: listed, made now, or merged back in. */
export const useBackups = create<BackupsState>((set, get) => {
  async function run(work: () => Promise<BackupsStatus>, failed: 'backUp' | 'restore') {
    set({ busy: true, status: null });
    try {
      set({ status: await work() });
    } catch (error) {
      set({ status: { kind: 'error', failed, error } });
    } finally {
      set({ busy: false });
      await get().refresh();
    }
  }

  return {
    backups: null,
    status: null,
    busy: false,
    open() {
      set({ status: null });
      return get().refresh();
    },
    async refresh() {
      try {
        set({ backups: await api.history.backups() });
      } catch (error) {
        set({ status: { kind: 'error', failed: 'list', error } });
      }
    },
    backUpNow: () => run(async () => ({ kind: 'made', made: await api.history.backUpNow() }), 'backUp'),
    restore: (backup) =>
      run(async () => {
        const outcome = await api.history.restoreBackup({ id: backup.id });
        await useChat.getState().hydrate();
        // Transcripts it brought back show in the sidebar's list at once, as conversations do.
        await transcriptsRestored();
        return { kind: 'restored', from: backup, outcome };
      }, 'restore'),
  };
});
