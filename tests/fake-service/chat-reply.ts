import { createHash } from 'node:crypto';
import { askAcrossReply } from './ask-reply';
import type { ChatRequest } from './chat-request';
import type { ChatScript, ScriptedToolCall } from './script';
import { SPLIT_UTF8_SAMPLE } from './script';
import { isNotesRequest, notesReply } from './notes';

// What the fake "model" says. Everything is derived from the request so tests can predict it.

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface Answer {
  content: string | null;
  toolCalls: ToolCall[];
  finishReason: string;
  usage: Usage;
}

/** Word-sized tokens (each keeps its trailing whitespace), used for pacing and usage. */
export function wordTokens(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);
}

function countTokens(text: string): number {
  return Math.max(text ? 1 : 0, Math.ceil(text.length / 4));
}

/** The prompt's tokens as this service counts them (its own way, not gpt-tokenizer's): reported as usage and held to the context limit. */
export const promptTokensOf = (request: ChatRequest) => request.messages.reduce((sum, m) => sum + countTokens(m.text) + 3, 0);

export function lastUserText(request: ChatRequest): string {
  for (let i = request.messages.length - 1; i >= 0; i--) {
    const message = request.messages[i];
    if (message?.role === 'user') return message.text;
  }
  return '';
}

/**
 * The unscripted reply: a notes request's notes (notes.ts); an Ask across meetings request cites a row it was sent
 * (ask-reply.ts); else `You said: "<last user text>". …` (a JSON object in JSON mode).
 */
export function defaultReply(request: ChatRequest): string {
  if (isNotesRequest(request)) return notesReply(request);
  const asked = askAcrossReply(request);
  if (asked !== null) return asked;
  const said = lastUserText(request);
  if (request.jsonMode) {
    return JSON.stringify({ reply: `You said: "${said}".`, echo: said, model: request.model, words: wordTokens(said).length });
  }
  return (
    `You said: "${said}". This is a deterministic reply from the Confab fake service, ` +
    `answering as model ${request.model}. It has no real model behind it, so the same question always gets the same answer.`
  );
}

export function stableId(prefix: string, ...parts: string[]): string {
  return `${prefix}${createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 24)}`;
}

function scriptedToolCalls(calls: ScriptedToolCall[], seed: string): ToolCall[] {
  return calls.map((call, i) => ({
    id: call.id ?? stableId('call_', seed, String(i), call.name),
    type: 'function',
    function: {
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    },
  }));
}

export function composeAnswer(request: ChatRequest, scripted: ChatScript, requestId: string): Answer {
  // splitUtf8 needs multi-byte text to split, so it brings its own sample reply.
  const script = scripted.splitUtf8 && scripted.reply === undefined ? { ...scripted, reply: SPLIT_UTF8_SAMPLE } : scripted;
  let toolCalls: ToolCall[] = [];
  if (script.toolCalls?.length) {
    toolCalls = scriptedToolCalls(script.toolCalls, requestId);
  } else if (script.reply === undefined && request.toolChoice && request.toolChoice !== 'none' && request.toolChoice !== 'auto') {
    // A forced tool choice cannot be answered with text; call the tool with no arguments.
    const name = request.toolChoice === 'required' ? request.tools[0]?.name : request.toolChoice;
    if (name) toolCalls = scriptedToolCalls([{ name, arguments: {} }], requestId);
  }

  let content: string | null;
  let finishReason = toolCalls.length ? 'tool_calls' : 'stop';
  if (script.reply !== undefined) {
    content = script.reply;
  } else if (toolCalls.length) {
    content = null;
  } else {
    content = defaultReply(request);
    // Honour max_tokens on the unscripted reply, as a real model would (e.g. a 1-token ping).
    const tokens = wordTokens(content);
    if (request.maxTokens !== undefined && tokens.length > request.maxTokens) {
      content = tokens.slice(0, request.maxTokens).join('').trimEnd();
      finishReason = 'length';
    }
  }
  if (script.finishReason) finishReason = script.finishReason;
  if (content !== null && script.fence) content = `\`\`\`json\n${content}\n\`\`\``;
  if (content !== null && script.think !== undefined) content = `<think>${script.think}</think>\n${content}`;

  const promptTokens = promptTokensOf(request);
  const completionTokens =
    countTokens(content ?? '') + toolCalls.reduce((sum, call) => sum + countTokens(call.function.name + call.function.arguments), 0);
  return {
    content,
    toolCalls,
    finishReason,
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  };
}
