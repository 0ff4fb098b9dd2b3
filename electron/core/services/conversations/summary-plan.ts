import { randomUUID } from 'node:crypto';
import { type Message, lastTurn } from '../../../../shared/domain/conversation';

/** The path's turns (summaries aside), and the latest summary on it: the one a request may carry. */
export function splitSummary(path: readonly Message[]): { turns: Message[]; summary: Message | undefined } {
  return { turns: path.filter((message) => !message.summary), summary: path.findLast((message) => message.summary) };
}

/**
 * What a summary is sent as: a system message saying what it stands for, so the model reads it as
 * an account of turns it is not shown rather than as something said in the conversation.
 */
export function summaryWire(summary: Message): Message {
  const count = summary.summary?.covers.length ?? 0;
  return { ...summary, role: 'system', content: `Summary of ${count} earlier messages of this conversation, which are not sent:\n\n${summary.content}` };
}

/**
 * The summaries that end the path (made after its last reply), when no user message follows
 * `index`: a new answer to that message (Regenerate, Retry) takes them along, so the user keeps
 * both the summary and Regenerate. Passed on after the message answered, as what it is answered with.
 */
export function ridingAlong(path: readonly Message[], index: number): Message[] {
  if (path.slice(index + 1).some((message) => message.role === 'user')) return [];
  const turn = lastTurn(path);
  return path.slice(turn ? path.lastIndexOf(turn) + 1 : 0);
}

/**
 * Copies of the summaries that end what a new answer answers, to follow it: the same text, covers
 * and versions under new ids, so an old branch keeps its own and a new version's is its own too.
 */
export function ridingCopies(answered: readonly Message[]): Message[] {
  return ridingAlong(answered, answered.length - 1).map(({ branches: _siblings, ...summary }) => ({ ...summary, id: randomUUID() }));
}
