import type { ContextBudget } from '../../../../shared/domain/context-budget';
import type { Message } from '../../../../shared/domain/conversation';
import { MESSAGE_OVERHEAD } from './token-estimate';

export interface ContextInput {
  systemPrompt: string;
  /** Tokens always sent beside the system prompt, counted already (held items: fitted-reply.ts). */
  alsoSent?: number;
  /** The conversation's current path of messages, oldest first; the last is the one being answered. */
  path: readonly Message[];
  budget: ContextBudget;
  /** A text's tokens, as estimated for this model. */
  tokens: (text: string) => number;
  /** At most this many tokens: what the model was found to refuse, halved; Infinity when nothing is known. */
  cap?: number;
}

export interface ContextPlan {
  /** The messages sent, in the path's order. */
  sent: Message[];
  leftOut: Message[];
  /** Estimated tokens of the system prompt and the messages sent. */
  tokens: number;
  /** Messages that must go whatever the budget: pinned ones and the last. */
  kept: number;
  /** A summary sent in place of left-out messages (as sent: see summary-plan.ts), and how many of them it covers. */
  summary?: Message;
  covered?: number;
}

/**
 * Which of a conversation's messages a request carries. First the system prompt (an attached
 * transcript is in it), pinned messages and the last message; then the latest others, newest
 * first, while they stay within the budget (and the cap a "too long" answer set). The window is
 * contiguous: an older short message is not slipped in past a long one that did not fit, since
 * a model reads a run of turns with a hole in it as a different conversation.
 */
export function planContext(input: ContextInput): ContextPlan {
  const { path, budget } = input;
  const cost = (message: Message) => input.tokens(message.content) + MESSAGE_OVERHEAD;
  const last = path.length - 1;
  const chosen = path.map((message, index) => index === last || message.pinned === true);
  let tokens = (input.systemPrompt.trim() ? input.tokens(input.systemPrompt) + MESSAGE_OVERHEAD : 0) + (input.alsoSent ?? 0);
  for (let index = 0; index <= last; index++) if (chosen[index]) tokens += cost(path[index]!);
  const kept = chosen.filter(Boolean).length;

  const limit = Math.min(budget.kind === 'tokens' ? budget.tokens : Infinity, input.cap ?? Infinity);
  const newest = budget.kind === 'last' ? budget.messages : Infinity;
  for (let index = last - 1; index >= 0 && last - index < newest; index--) {
    if (chosen[index]) continue;
    const next = cost(path[index]!);
    if (tokens + next > limit) break;
    chosen[index] = true;
    tokens += next;
  }
  return { sent: path.filter((_, index) => chosen[index]), leftOut: path.filter((_, index) => !chosen[index]), tokens, kept };
}
