import type { CompletionInput } from './completion-input';
import type { WireMessage } from '../../../../shared/domain/chat';
import type { toolChoiceParam, toolDefinitions } from '../tools/tool-definitions';

/**
 * JSON mode needs the model told as well: the convention refuses `json_object` unless the
 * word JSON appears in the messages, and a model not told may write JSON forever.
 */
export const JSON_MODE_INSTRUCTION = 'Answer with one valid JSON object and nothing else: no prose and no code fences.';

export interface OfferedFunctions {
  tools: ReturnType<typeof toolDefinitions>;
  toolChoice: ReturnType<typeof toolChoiceParam> | null;
}

/**
 * Messages in the convention's shape. Every call arrives with its result: main's history leaves
 * out a call without one (conversations/wire.ts), and the tool loop adds each result after its call.
 */
export function apiMessages(messages: readonly WireMessage[]) {
  return messages.map((message): Record<string, unknown> => {
    if (message.role === 'tool') return { role: 'tool', content: message.content, ...(message.toolCallId && { tool_call_id: message.toolCallId }) };
    if (message.role === 'assistant' && message.toolCalls?.length) {
      return {
        role: 'assistant',
        content: message.content || null,
        tool_calls: message.toolCalls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } })),
      };
    }
    return { role: message.role, content: message.content };
  });
}

/** The request body in the chat-completion client convention (`max_tokens`, `stream_options`, `response_format`, `tools`). */
export function completionBody(input: CompletionInput, functions: OfferedFunctions | null = null) {
  const messages: WireMessage[] = input.jsonMode ? [{ role: 'system', content: JSON_MODE_INSTRUCTION }, ...input.messages] : input.messages;
  return {
    model: input.model,
    messages: apiMessages(messages),
    ...(input.temperature !== null && { temperature: input.temperature }),
    ...(input.maxTokens !== null && { max_tokens: input.maxTokens }),
    ...(input.stream && { stream: true, stream_options: { include_usage: true } }),
    ...(input.jsonMode && { response_format: { type: 'json_object' } }),
    ...(functions &&
      functions.tools.length > 0 && { tools: functions.tools, ...(functions.toolChoice && { tool_choice: functions.toolChoice }) }),
  };
}

export type CompletionBody = ReturnType<typeof completionBody>;
