import { create } from 'zustand';
import type { PermissionRule, PermissionRuleView } from '../../shared/contract/permissions';
import { api } from '../api';
import { errorText } from '../../shared/domain/error-text';
import { problemText } from '../common/problem-text';

interface PermissionsState {
  /** null until main has answered. */
  rules: PermissionRuleView[] | null;
  /** Why the last change or load failed, in main's words. */
  problem: string | null;
  /** A change main is carrying out (an allow waits for the user's answer outside the page). */
  pending: PermissionRule | null;
  load(): Promise<void>;
  set(rule: PermissionRule): Promise<void>;
  revoke(target: Pick<PermissionRule, 'serverId' | 'tool'>): Promise<void>;
}

/** Main's tool permission rules, as Settings shows them; every change is main's to make (or refuse). */
export const usePermissions = create<PermissionsState>((set) => {
  const change = async (pending: PermissionRule, run: () => Promise<PermissionRuleView[]>) => {
    set({ pending, problem: null });
    try {
      set({ rules: await run() });
    } catch (error) {
      set({ problem: problemText(error) });
    } finally {
      set({ pending: null });
    }
  };
  return {
    rules: null,
    problem: null,
    pending: null,
    async load() {
      try {
        set({ rules: await api.permissions.list(), problem: null });
      } catch (error) {
        set({ problem: `The tool permissions could not be read: ${errorText(error)}` });
      }
    },
    set: (rule) => change(rule, () => api.permissions.set(rule)),
    revoke: ({ serverId, tool }) => change({ serverId, tool, rule: 'ask' }, () => api.permissions.revoke({ serverId, tool })),
  };
});
