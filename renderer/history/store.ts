import type { z } from 'zod';
import type { ProblemData } from '../../shared/domain/problem';
import { create } from 'zustand';
import type { ImportProgress, SearchHit, historyArea } from '../../shared/contract/history';
import type { SaveOutcome } from '../../shared/contract/files';
import type { ConversationMeta } from '../../shared/domain/conversation';
import { api } from '../api';
import { openConversation, useChat } from '../chat';
import { deliver } from '../common/save-outcome';
import { watchImport } from './import-progress';

/** What failed, and why: a thrown error, or the words main answered with. */
export type ToastProblem =
  | { failed: 'exportOne' | 'exportAll' | 'open' }
  | { failed: 'delete' | 'restore'; conversation: ConversationMeta } | { failed: 'import'; fileName: string };
type Why = { error: unknown } | { problems: ProblemData[] };

/** Facts, not sentences: the toast words them, so a change of language re-words one on screen. */
export type Toast =
  /** `focus`: the deletion came from the keyboard, so Undo takes the focus the deleted item had. */
  | { kind: 'undo'; conversation: ConversationMeta; focus: boolean }
  | { kind: 'done'; note: { saved: string } | { imported: string } }
  /** Under way, replaced by its outcome (a 100 MB import takes a while): how far main is, and its handle for Cancel. */
  | { kind: 'working'; importing: string; fileId: string | null; progress: ImportProgress | null }
  | ({ kind: 'problem' } & ToastProblem & Why);

type ExportFormat = z.input<typeof historyArea.exportConversation.input>['format'];

interface HistoryState {
  /** The search box's text. */
  query: string;
  /** The hits for `searched`, newest first; null until the first answer. */
  hits: SearchHit[] | null;
  searched: string;
  /** Why the last search failed, worded where it shows. */
  searchProblem: { error: unknown } | null;
  toast: Toast | null;
  search(query: string): void;
  remove(id: string, fromKeyboard: boolean): Promise<void>;
  undo(fromKeyboard: boolean): Promise<void>;
  dismissToast(): void;
  exportConversation(id: string, format: ExportFormat): Promise<void>;
  exportAll(): Promise<void>;
  importFile(file: File): Promise<void>;
  cancelImport(fileId: string): void;
}

/** Long enough to skip the keystrokes of a word being typed, short enough to feel immediate. */
const SEARCH_DELAY_MS = 150;
/** Hits asked for at once: more than a sidebar can usefully show. */
export const SEARCH_LIMIT = 50;

// The conversation whose item takes the focus when it appears again: Undo pressed from the
// keyboard hands the focus back to what it restored, rather than dropping it.
let focusOnReturn: string | null = null;

/** True once for the item that should take the focus after a keyboard Undo. */
export function takesFocus(id: string): boolean {
  if (focusOnReturn !== id) return false;
  focusOnReturn = null;
  return true;
}

export const useHistory = create<HistoryState>((set, get) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A repair main ended may change what the query finds, and a search that met it failed: it runs again by itself.
  useChat.subscribe((chat, before) => {
    if (chat.repairs !== before.repairs && get().query.trim()) get().search(get().query);
  });

  const problem = (what: ToastProblem, why: Why) => set({ toast: { kind: 'problem', ...what, ...why } });

  async function save(failed: 'exportOne' | 'exportAll', work: () => Promise<SaveOutcome>) {
    try {
      const saved = deliver(await work());
      if (saved) set({ toast: { kind: 'done', note: { saved } } });
    } catch (error) {
      problem({ failed }, { error });
    }
  }

  return {
    query: '',
    hits: null,
    searched: '',
    searchProblem: null,
    toast: null,

    search(query) {
      set({ query });
      clearTimeout(timer);
      if (!query.trim()) return set({ hits: null, searched: '', searchProblem: null });
      timer = setTimeout(async () => {
        try {
          const hits = await api.history.search({ query: query.slice(0, 500), limit: SEARCH_LIMIT });
          // An answer for text that has since changed would show the wrong hits.
          if (get().query === query) set({ hits, searched: query, searchProblem: null });
        } catch (error) {
          if (get().query === query) set({ hits: [], searched: query, searchProblem: { error } });
        }
      }, SEARCH_DELAY_MS);
    },

    async remove(id, fromKeyboard) {
      const conversation = useChat.getState().listed.find((c) => c.id === id);
      if (!conversation) return;
      set({ toast: { kind: 'undo', conversation, focus: fromKeyboard } });
      try {
        await useChat.getState().remove(id);
      } catch (error) {
        problem({ failed: 'delete', conversation }, { error });
      }
    },
    async undo(fromKeyboard) {
      const toast = get().toast;
      if (toast?.kind !== 'undo') return;
      set({ toast: null });
      focusOnReturn = fromKeyboard ? toast.conversation.id : null;
      try {
        await useChat.getState().restore(toast.conversation);
      } catch (error) {
        problem({ failed: 'restore', conversation: toast.conversation }, { error });
      }
    },
    dismissToast: () => set({ toast: null }),

    exportConversation: (id, format) => save('exportOne', () => api.history.exportConversation({ id, format })),
    exportAll: () => save('exportAll', () => api.history.exportAll()),

    async importFile(file) {
      const failed = { failed: 'import', fileName: file.name } as const;
      try {
        set({ toast: { kind: 'working', importing: file.name, fileId: null, progress: null } });
        // By reference, as dropped recordings go: the file's bytes never ride inside a message.
        const staged = await api.files.stage(file, { name: file.name, purpose: 'import' });
        if (!staged.ok) return problem(failed, { problems: [staged.problem] });
        const { fileId } = staged.file;
        const working = (progress: ImportProgress | null) => set({ toast: { kind: 'working', importing: file.name, fileId, progress } });
        working(null);
        // Shown only while this import's toast is; another toast meanwhile (an Undo) is not overwritten.
        const stop = watchImport(fileId, (progress) => {
          const toast = get().toast;
          if (toast?.kind === 'working' && toast.fileId === fileId) working(progress);
        });
        const outcome = await api.history.import({ fileId }).finally(stop);
        if (!outcome.ok) return problem(failed, { problems: [outcome.problem] });
        useChat.getState().addListed(outcome.conversation);
        openConversation(outcome.conversation.id);
        set({ toast: { kind: 'done', note: { imported: outcome.conversation.title || file.name } } });
      } catch (error) {
        problem(failed, { error });
      }
    },
    cancelImport: (fileId) => void api.history.cancelImport({ fileId }),
  };
});
