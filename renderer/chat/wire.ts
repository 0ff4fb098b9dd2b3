import type { WireMessage } from '../../shared/domain/chat';
import type { Message } from '../../shared/domain/conversation';

/**
 * What the service receives: the system prompt first (when there is one), then the
 * conversation. Empty replies (a failure or a stop before any text) carry nothing to remember.
 */
export function wireMessages(systemPrompt: string, messages: readonly Message[]): WireMessage[] {
  const system: WireMessage[] = systemPrompt.trim() ? [{ role: 'system', content: systemPrompt }] : [];
  return [
    ...system,
    ...messages.filter((m) => m.role !== 'assistant' || m.content !== '').map(({ role, content }) => ({ role, content })),
  ];
}

const TITLE_LENGTH = 60;

/** A conversation is named after its first user message, on one line. */
export function titleOf(messages: readonly Message[]): string {
  const first = messages.find((m) => m.role === 'user')?.content.replace(/\s+/g, ' ').trim() ?? '';
  return first.length > TITLE_LENGTH ? `${first.slice(0, TITLE_LENGTH - 1).trimEnd()}…` : first;
}
