import { readFile } from 'node:fs/promises';
import type { Contract } from '../../../shared/contract';
import type { Handlers } from '../router';
import type { ConversationService } from '../services/conversations/conversation-service';
import type { FileSaver } from '../services/storage/file-saver';
import type { HeldItems } from '../services/held/held-items';

export function conversationsHandlers(deps: {
  conversations: ConversationService;
  /** Documents and pastes too long for a message, held for the next Send. */
  held: HeldItems;
  files: FileSaver;
}): Handlers<Contract>['conversations'] {
  const { conversations, held } = deps;
  return {
    watch: async (_input, ctx) => conversations.watch(ctx.emit, ctx.signal),
    send: async (input) => conversations.send(input),
    regenerate: async (input) => conversations.regenerate(input),
    sendFirstPart: async (input) => conversations.sendFirstPart(input),
    sendSummary: async (input) => conversations.sendSummary(input),
    sendWhole: async (input) => conversations.sendWhole(input),
    edit: async (input) => conversations.edit(input),
    retry: async (input) => conversations.retry(input),
    continue: async (input) => conversations.continue(input),
    showVersion: async (input) => conversations.showVersion(input),
    pinMessage: async (input) => conversations.pinMessage(input),
    contextPlan: async (input) => conversations.contextPlan(input),
    summarize: async (input) => conversations.summarize(input),
    editSummary: async (input) => conversations.editSummary(input),
    showBranch: async (input) => conversations.showBranch(input),
    branchFrom: async (input) => conversations.branchFrom(input),
    stop: async ({ conversationId }) => conversations.stop(conversationId),
    attach: async ({ fileId }) => held.attach(fileId),
    saveHeld: async ({ id, conversationId }) => {
      const { path, fileName } = held.saving(id, conversationId);
      return deps.files.save({ fileName, mimeType: 'text/plain', bytes: await readFile(path) });
    },
    removeHeld: async ({ id }) => held.remove(id),
    decideTool: async ({ conversationId, callId, decision }) => conversations.decideTool(conversationId, callId, decision),
  };
}
