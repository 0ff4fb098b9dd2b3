import type { WireMessage } from '../../../../shared/domain/chat';
import type { Message } from '../../../../shared/domain/conversation';

const NO_CALLS: never[] = [];

/**
 * What the service receives: the system prompt first (when there is one), then the
 * conversation. Empty replies (a failure or a stop before any text) carry nothing to remember,
 * unless they asked for tools. Calls and their tool messages go together: a service refuses a
 * call without its result, or a result without its call (a reply stopped while a call waited
 * for approval leaves one), so an unanswered call and an orphaned result are left out.
 */
export function wireMessages(systemPrompt: string, messages: readonly Message[]): WireMessage[] {
  const system: WireMessage[] = systemPrompt.trim() ? [{ role: 'system', content: systemPrompt }] : [];
  const answered = new Set<string>();
  // A loop, not flatMap: this runs over the whole history at every Send (10,000 messages, an array each).
  for (const m of messages) if (m.role === 'tool' && m.toolCallId) answered.add(m.toolCallId);
  const asked = new Set<string>();
  const wire: WireMessage[] = [];
  for (const m of messages) {
    if (m.role === 'tool') {
      if (m.toolCallId && asked.has(m.toolCallId)) wire.push({ role: 'tool', content: m.content, toolCallId: m.toolCallId });
      continue;
    }
    // Most messages have no calls: no array is made for them (this runs over the whole history at every Send).
    const toolCalls = m.role === 'assistant' && m.toolCalls?.length ? m.toolCalls.filter((call) => answered.has(call.id)) : NO_CALLS;
    if (m.role === 'assistant' && m.content === '' && toolCalls.length === 0) continue;
    for (const call of toolCalls) asked.add(call.id);
    wire.push(toolCalls.length > 0 ? { role: m.role, content: m.content, toolCalls } : { role: m.role, content: m.content });
  }
  return [...system, ...wire];
}

const TITLE_LENGTH = 60;

/** A conversation is named after its first user message, on one line. */
export function titleOf(messages: readonly Message[]): string {
  const first = messages.find((m) => m.role === 'user')?.content.replace(/\s+/g, ' ').trim() ?? '';
  return first.length > TITLE_LENGTH ? `${first.slice(0, TITLE_LENGTH - 1).trimEnd()}…` : first;
}
