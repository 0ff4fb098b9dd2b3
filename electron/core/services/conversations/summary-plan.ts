import type { Message } from '../../../../shared/domain/conversation';

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
