import type { CompletionInput } from './completion-input';
import type { WireMessage } from '../../../../shared/domain/chat';
import type { toolChoiceParam, toolDefinitions } from '../tools/tool-definitions';

/**
 * JSON mode needs the model told as well: the convention refuses `json_object` unless the
 * word JSON appears in the messages, and a model not told may write JSON forever.
 */
export const JSON_MODE_INSTRUCTION = 'Answer with one valid JSON object and nothing else: no prose and no code fences.';

/** What a tool result says for a call that never ran (the reply was stopped before it). */
export const NOT_RUN = 'This tool call was not run: the reply was stopped before it.';

export interface OfferedFunctions {
  tools: ReturnType<typeof toolDefinitions>;
  toolChoice: ReturnType<typeof toolChoiceParam> | null;
}

/**
 * Messages in the convention's shape. Every tool call must be followed by its result, so a
 * call left unanswered by a Stop gets a result saying so; otherwise the service would refuse
 * every later turn of that conversation.
 */
export function apiMessages(messages: readonly WireMessage[]) {
  const sent: Array<Record<string, unknown>> = [];
  let unanswered: string[] = [];
  const answerTheRest = () => {
    for (const id of unanswered) sent.push({ role: 'tool', tool_call_id: id, content: NOT_RUN });
    unanswered = [];
  };
  for (const message of messages) {
    if (message.role === 'tool') {
      unanswered = unanswered.filter((id) => id !== message.toolCallId);
      sent.push({ role: 'tool', content: message.content, ...(message.toolCallId && { tool_call_id: message.toolCallId }) });
      continue;
    }
    answerTheRest();
    if (message.role === 'assistant' && message.toolCalls?.length) {
      sent.push({
        role: 'assistant',
        content: message.content || null,
        tool_calls: message.toolCalls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } })),
      });
      unanswered = message.toolCalls.map((call) => call.id);
    } else {
      sent.push({ role: message.role, content: message.content });
    }
  }
  answerTheRest();
  return sent;
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
