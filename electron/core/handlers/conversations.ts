import type { Contract } from '../../../shared/contract';
import type { Handlers } from '../router';
import type { ConversationService } from '../services/conversations/conversation-service';

export function conversationsHandlers(deps: { conversations: ConversationService }): Handlers<Contract>['conversations'] {
  const { conversations } = deps;
  return {
    watch: async (_input, ctx) => conversations.watch(ctx.emit, ctx.signal),
    send: async (input) => conversations.send(input),
    regenerate: async (input) => conversations.regenerate(input),
    edit: async (input) => conversations.edit(input),
    continue: async (input) => conversations.continue(input),
    showVersion: async (input) => conversations.showVersion(input),
    stop: async ({ conversationId }) => conversations.stop(conversationId),
    decideTool: async ({ conversationId, callId, decision }) => conversations.decideTool(conversationId, callId, decision),
  };
}
