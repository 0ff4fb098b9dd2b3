import { strToU8 } from 'fflate';
import type { Contract } from '../../../shared/contract';
import type { WatchEvent } from '../../../shared/contract/conversations';
import type { Handlers } from '../router';
import type { FileSaver } from '../services/storage/file-saver';
import type { Backups } from '../services/history/backups';
import { archiveOf, safeFileName, toJson, toMarkdown } from '../services/history/export';
import { createImports } from '../services/history-import/run';
import type { HistoryStore } from '../services/history/history-store';
import type { RepairNotice } from '../services/history/repair-notice';
import { mergeBackup } from '../services/history/restore';
import type { Staging } from '../services/intake/staging';

export function historyHandlers(deps: {
  history: HistoryStore;
  files: FileSaver;
  backups: Backups;
  /** The history's notice until dismissed (the same the history was opened with). */
  notice: RepairNotice;
  /** Where an imported conversation file waits, by reference, until it is read. */
  staging: Staging;
  /** Where a backup is copied while it is read (a file main owns, removed afterwards). */
  scratchPath: string;
  stopReply(id: string): void;
  /** Tells every page of a change to the list (the conversations' watch). */
  tell(event: WatchEvent): void;
  /** After a restore: lists kept outside the conversations' watch (people) are told again. */
  restored?: () => void;
}): Handlers<Contract>['history'] {
  const { history, files, backups } = deps;
  const imports = createImports(history);
  return {
    status: async () => ({ problem: history.problem, noticeId: history.problem ? (deps.notice.current()?.id ?? null) : null }),
    noticeSeen: async ({ id }) => {
      if (deps.notice.seen(id)) history.problem = null;
    },
    list: async () => history.list(),
    open: async ({ id, limit }) => (limit === undefined ? history.get(id) : history.openLast(id, limit)),
    earlierMessages: async ({ id, beforeMessageId, limit }) => history.earlierMessages(id, beforeMessageId, limit),
    update: async ({ id, ...patch }) => {
      const conversation = history.update(id, patch);
      deps.tell({ type: 'listed', conversation });
      return conversation;
    },
    remove: async ({ id }) => {
      // Nobody is left to read its reply.
      deps.stopReply(id);
      history.remove(id);
      deps.tell({ type: 'removed', conversationId: id });
    },
    restore: async ({ id }) => {
      history.restore(id);
      deps.tell({ type: 'listed', conversation: history.meta(id) });
    },
    search: async ({ query, limit }) => history.search(query, limit),

    async exportConversation({ id, format }) {
      const conversation = history.get(id);
      const markdown = format === 'markdown';
      return files.save({
        fileName: `${safeFileName(conversation.title, conversation.id)}.${markdown ? 'md' : 'json'}`,
        mimeType: markdown ? 'text/markdown' : 'application/json',
        bytes: strToU8(markdown ? toMarkdown(conversation) : toJson(conversation)),
      });
    },

    async exportAll() {
      const conversations = history.list().map((summary) => history.get(summary.id));
      const date = new Date().toISOString().slice(0, 10);
      return files.save({ fileName: `Confab conversations ${date}.zip`, mimeType: 'application/zip', bytes: archiveOf(conversations) });
    },

    backups: async () => backups.list(),
    backUpNow: () => backups.backUp(history.db),
    restoreBackup: async ({ id }) => {
      const outcome = mergeBackup(history, backups.pathOf(id), deps.scratchPath, 'restored');
      deps.restored?.();
      return outcome;
    },

    async import({ fileId }) {
      // Read and checked off main's thread, written in short transactions (services/history-import); a merge: nothing is overwritten.
      const outcome = await deps.staging.consume(fileId, 'import', (path) => imports.run(fileId, path));
      if (outcome.ok) deps.tell({ type: 'listed', conversation: outcome.conversation });
      return outcome;
    },
    importProgress: ({ fileId }, ctx) => imports.watch(fileId, ctx.emit, ctx.signal),
    cancelImport: async ({ fileId }) => imports.cancel(fileId),
  };
}
