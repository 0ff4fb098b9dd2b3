import type { Contract } from '../../shared/contract';
import type { Handlers } from '../ipc/router';
import type { ChatService } from '../services/chat-service';
import type { HistoryStore } from '../services/history/history-store';
import { recordReply } from '../services/reply-recorder';

export function chatHandlers(deps: { chat: ChatService; history: HistoryStore }): Handlers<Contract>['chat'] {
  return {
    complete: async ({ save, ...input }, ctx) => {
      const record = save ? recordReply(deps.history, { ...save, model: input.model }) : null;
      await deps.chat.complete(input, {
        id: ctx.id,
        signal: ctx.signal,
        emit: (event) => {
          record?.(event);
          ctx.emit(event);
        },
      });
    },
    decideTool: async ({ streamId, callId, decision }) => deps.chat.decide(streamId, callId, decision),
  };
}
