import { create } from 'zustand';
import type { BackupInfo, RestoreOutcome } from '../../shared/contract/history';
import { api } from '../api';
import { problemText } from '../common/problem-text';
import { useChat } from '../chat';

interface BackupsState {
  /** null until main has listed them. */
  backups: BackupInfo[] | null;
  status: { kind: 'done' | 'error'; text: string } | null;
  busy: boolean;
  /** The section shown anew: no word left from last time, the list read again. */
  open(): Promise<void>;
  refresh(): Promise<void>;
  /** `done` words what main made; a failure is worded here. */
  backUpNow(done: (made: { conversations: number; transcripts: number }) => string): Promise<void>;
  restore(id: string, done: (outcome: RestoreOutcome) => string): Promise<void>;
}

/** Main's history backups as Settings shows them: listed, made now, or merged back in. */
export const useBackups = create<BackupsState>((set, get) => {
  async function run<T>(work: () => Promise<T>, done: (result: T) => string, failure: string) {
    set({ busy: true, status: null });
    try {
      set({ status: { kind: 'done', text: done(await work()) } });
    } catch (error) {
      set({ status: { kind: 'error', text: `${failure}: ${problemText(error)}` } });
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
        set({ status: { kind: 'error', text: `The backups could not be listed: ${problemText(error)}` } });
      }
    },
    backUpNow: (done) => run(() => api.history.backUpNow(), done, 'The backup failed'),
    restore: (id, done) =>
      run(
        async () => {
          const outcome = await api.history.restoreBackup({ id });
          await useChat.getState().hydrate();
          return outcome;
        },
        done,
        'The restore failed',
      ),
  };
});
