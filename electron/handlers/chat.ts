import type { Contract } from '../../shared/contract';
import type { Handlers } from '../ipc/router';
import type { ChatService } from '../services/chat-service';

export function chatHandlers(deps: { chat: ChatService }): Handlers<Contract>['chat'] {
  return {
    complete: (input, ctx) => deps.chat.complete(input, ctx),
  };
}
