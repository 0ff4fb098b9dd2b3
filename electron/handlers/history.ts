import { randomUUID } from 'node:crypto';
import { strToU8 } from 'fflate';
import type { Contract } from '../../shared/contract';
import type { Handlers } from '../ipc/router';
import type { FileSaver } from '../services/file-saver';
import { archiveOf, parseExport, safeFileName, toJson, toMarkdown } from '../services/history/export';
import type { HistoryStore } from '../services/history/history-store';

export function historyHandlers(deps: { history: HistoryStore; files: FileSaver; stopReply(id: string): void }): Handlers<Contract>['history'] {
  const { history, files } = deps;
  return {
    status: async () => ({ problem: history.problem }),
    list: async () => history.list(),
    open: async ({ id, limit }) => (limit === undefined ? history.get(id) : history.openLast(id, limit)),
    earlierMessages: async ({ id, beforeMessageId, limit }) => history.earlierMessages(id, beforeMessageId, limit),
    update: async ({ id, ...patch }) => history.update(id, patch),
    remove: async ({ id }) => {
      // Nobody is left to read its reply.
      deps.stopReply(id);
      history.remove(id);
    },
    restore: async ({ id }) => history.restore(id),
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

    async import({ content }) {
      const parsed = parseExport(content);
      if (!parsed.ok) return parsed;
      // Importing the same file twice keeps both copies rather than refusing the second;
      // the copy gets fresh ids, since message ids are unique across conversations.
      const imported = parsed.conversation;
      const taken = history.exists(imported.id) || imported.messages.some((message) => history.messageExists(message.id));
      const conversation = taken
        ? { ...imported, id: randomUUID(), messages: imported.messages.map((message) => ({ ...message, id: randomUUID() })) }
        : imported;
      history.insertWhole(conversation);
      const { messages: _messages, ...meta } = conversation;
      return { ok: true, conversation: meta };
    },
  };
}
