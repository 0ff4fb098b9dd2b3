import { readFile } from 'node:fs/promises';
import type { Contract } from '../../../shared/contract';
import type { Handlers } from '../router';
import type { ConversationService } from '../services/conversations/conversation-service';
import type { FileSaver } from '../services/storage/file-saver';
import type { Staging } from '../services/intake/staging';

export function conversationsHandlers(deps: {
  conversations: ConversationService;
  /** Where a paste too long for a message is held, by reference, until the user removes it. */
  staging: Staging;
  files: FileSaver;
}): Handlers<Contract>['conversations'] {
  const { conversations, staging } = deps;
  return {
    watch: async (_input, ctx) => conversations.watch(ctx.emit, ctx.signal),
    send: async (input) => conversations.send(input),
    regenerate: async (input) => conversations.regenerate(input),
    edit: async (input) => conversations.edit(input),
    continue: async (input) => conversations.continue(input),
    showVersion: async (input) => conversations.showVersion(input),
    pinMessage: async (input) => conversations.pinMessage(input),
    contextPlan: async (input) => conversations.contextPlan(input),
    showBranch: async (input) => conversations.showBranch(input),
    branchFrom: async (input) => conversations.branchFrom(input),
    stop: async ({ conversationId }) => conversations.stop(conversationId),
    savePasted: async ({ fileId }) =>
      deps.files.save({ fileName: 'Pasted text.txt', mimeType: 'text/plain', bytes: await readFile(staging.get(fileId, ['paste']).path) }),
    removePasted: async ({ fileId }) => {
      staging.get(fileId, ['paste']);
      await staging.discard(fileId, ['paste']);
    },
    decideTool: async ({ conversationId, callId, decision }) => conversations.decideTool(conversationId, callId, decision),
  };
}
