import type { ConversationMeta, ConversationSummary, Message } from '../../../../shared/domain/conversation';

/** Row shapes as SQLite returns them, and their conversion to the shared domain types. */
export interface ConversationRow {
  id: string;
  title: string;
  system_prompt: string;
  options: string;
  pinned: number;
  created_at: number;
  updated_at: number;
  attachment: string | null;
}

export interface MessageRow {
  id: string;
  role: Message['role'];
  content: string;
  state: Message['state'];
  usage: string | null;
  failure: string | null;
  model: string | null;
  created_at: number;
  tool_calls: string | null;
  tool_call_id: string | null;
  tool_outcome: Message['toolOutcome'] | null;
  versions: string | null;
  pinned: number;
  sent: string | null;
  summary: string | null;
  attached: string | null;
}

const json = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

export const toMeta = (row: ConversationRow): ConversationMeta => ({
  id: row.id,
  title: row.title,
  systemPrompt: row.system_prompt,
  options: JSON.parse(row.options),
  pinned: row.pinned === 1,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  ...(row.attachment !== null && { attachment: JSON.parse(row.attachment) }),
});

export const toSummary = (row: ConversationRow & { message_count: number; preview: string | null }): ConversationSummary => ({
  ...toMeta(row),
  messageCount: row.message_count,
  preview: row.preview ?? '',
});

export const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  role: row.role,
  content: row.content,
  state: row.state,
  usage: json(row.usage),
  failure: json(row.failure),
  model: row.model,
  createdAt: row.created_at,
  // Absent rather than null, so messages without tools look exactly as they always did.
  ...(row.tool_calls !== null && { toolCalls: JSON.parse(row.tool_calls) }),
  ...(row.tool_call_id !== null && { toolCallId: row.tool_call_id }),
  ...(row.tool_outcome !== null && { toolOutcome: row.tool_outcome }),
  ...(row.versions !== null && { versions: JSON.parse(row.versions) }),
  ...(row.pinned === 1 && { pinned: true }),
  ...(row.sent !== null && { sent: JSON.parse(row.sent) }),
  ...(row.summary !== null && { summary: JSON.parse(row.summary) }),
  ...(row.attached !== null && { attached: JSON.parse(row.attached) }),
});

export const messageParams = (message: Message) => ({
  id: message.id,
  role: message.role,
  content: message.content,
  state: message.state,
  usage: message.usage && JSON.stringify(message.usage),
  failure: message.failure && JSON.stringify(message.failure),
  model: message.model,
  created_at: message.createdAt,
  tool_calls: message.toolCalls ? JSON.stringify(message.toolCalls) : null,
  tool_call_id: message.toolCallId ?? null,
  versions: message.versions ? JSON.stringify(message.versions) : null,
  tool_outcome: message.toolOutcome ?? null,
  pinned: message.pinned ? 1 : 0,
  sent: message.sent ? JSON.stringify(message.sent) : null,
  summary: message.summary ? JSON.stringify(message.summary) : null,
  attached: message.attached?.length ? JSON.stringify(message.attached) : null,
});
