import type { ErrorFields } from './errors';
import { isRecord } from './http';
import type { Plan } from './script';

// Validation of a chat completion body. Messages name the offending field the way OpenAI
// does ("Invalid 'temperature': …", param 'temperature'), so the app can surface them as is.

export interface ChatMessage {
  role: string;
  text: string;
}

export interface ChatToolDef {
  name: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  stream: boolean;
  includeUsage: boolean;
  jsonMode: boolean;
  tools: ChatToolDef[];
  /** 'none' | 'auto' | 'required' | a function name. */
  toolChoice: string | undefined;
  maxTokens: number | undefined;
}

export type Validation = { ok: true; request: ChatRequest } | { ok: false; status: number; error: ErrorFields };

const ROLES = ['system', 'user', 'assistant', 'tool'];

class Invalid extends Error {
  constructor(
    message: string,
    readonly param: string | null,
    readonly code: string,
  ) {
    super(message);
  }
}

const missing = (param: string) => new Invalid(`Missing required parameter: '${param}'.`, param, 'missing_required_parameter');
const wrongType = (param: string, expected: string) =>
  new Invalid(`Invalid type for '${param}': expected ${expected}.`, param, 'invalid_type');

function contentText(value: unknown, param: string): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    return value
      .map((part, i) => {
        if (!isRecord(part) || typeof part.type !== 'string') throw wrongType(`${param}[${i}]`, 'a content part object');
        return part.type === 'text' && typeof part.text === 'string' ? part.text : '';
      })
      .join('');
  }
  throw wrongType(param, 'a string or an array of content parts');
}

function parseMessage(value: unknown, i: number): ChatMessage {
  const param = `messages[${i}]`;
  if (!isRecord(value)) throw wrongType(param, 'an object');
  if (value.role === undefined) throw missing(`${param}.role`);
  if (typeof value.role !== 'string' || !ROLES.includes(value.role)) {
    throw new Invalid(
      `Invalid value: '${String(value.role)}'. Supported values are: 'system', 'user', 'assistant', and 'tool'.`,
      `${param}.role`,
      'invalid_value',
    );
  }
  const content = value.content;
  // An assistant turn that only carried tool calls legitimately has no content.
  if ((content === undefined || content === null) && value.role === 'assistant' && Array.isArray(value.tool_calls)) {
    return { role: value.role, text: '' };
  }
  if (content === undefined) throw missing(`${param}.content`);
  return { role: value.role, text: contentText(content, `${param}.content`) };
}

function numberInRange(body: Record<string, unknown>, name: string, min: number, max: number): void {
  const value = body[name];
  if (value === undefined || value === null) return;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw wrongType(name, 'a number');
  if (value < min || value > max) {
    throw new Invalid(`Invalid '${name}': expected a value between ${min} and ${max}, but got ${value} instead.`, name, 'invalid_value');
  }
}

function positiveInteger(body: Record<string, unknown>, name: string): number | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new Invalid(`Invalid '${name}': expected a positive integer, but got ${JSON.stringify(value)} instead.`, name, 'invalid_value');
  }
  return value;
}

function parseTools(value: unknown): ChatToolDef[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw wrongType('tools', 'an array');
  return value.map((tool, i) => {
    if (!isRecord(tool) || tool.type !== 'function') {
      throw new Invalid(`Invalid value for 'tools[${i}].type': expected 'function'.`, `tools[${i}].type`, 'invalid_value');
    }
    if (!isRecord(tool.function) || typeof tool.function.name !== 'string' || tool.function.name === '') {
      throw missing(`tools[${i}].function.name`);
    }
    return { name: tool.function.name };
  });
}

function parseToolChoice(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === 'none' || value === 'auto' || value === 'required') return value;
  if (isRecord(value) && value.type === 'function' && isRecord(value.function) && typeof value.function.name === 'string') {
    return value.function.name;
  }
  throw new Invalid(
    "Invalid value for 'tool_choice': expected 'none', 'auto', 'required' or {type: 'function', function: {name}}.",
    'tool_choice',
    'invalid_value',
  );
}

function parse(body: unknown): ChatRequest {
  if (!isRecord(body)) throw new Invalid('The request body must be a JSON object.', null, 'invalid_type');
  if (body.model === undefined) throw missing('model');
  if (typeof body.model !== 'string' || body.model === '') throw wrongType('model', 'a non-empty string');
  if (body.messages === undefined) throw missing('messages');
  if (!Array.isArray(body.messages)) throw wrongType('messages', 'an array');
  if (body.messages.length === 0) throw new Invalid("Invalid 'messages': expected at least one message.", 'messages', 'empty_array');
  const messages = body.messages.map(parseMessage);
  numberInRange(body, 'temperature', 0, 2);
  numberInRange(body, 'top_p', 0, 1);
  const maxTokens = positiveInteger(body, 'max_tokens') ?? positiveInteger(body, 'max_completion_tokens');
  if (body.stream !== undefined && body.stream !== null && typeof body.stream !== 'boolean') throw wrongType('stream', 'a boolean');
  const stream = body.stream === true;
  let includeUsage = false;
  if (body.stream_options !== undefined && body.stream_options !== null) {
    if (!stream) {
      throw new Invalid("The 'stream_options' parameter is only allowed when 'stream' is enabled.", 'stream_options', 'invalid_value');
    }
    if (!isRecord(body.stream_options)) throw wrongType('stream_options', 'an object');
    includeUsage = body.stream_options.include_usage === true;
  }
  let jsonMode = false;
  if (body.response_format !== undefined && body.response_format !== null) {
    const type = isRecord(body.response_format) ? body.response_format.type : undefined;
    if (type !== 'text' && type !== 'json_object' && type !== 'json_schema') {
      throw new Invalid(
        "Invalid value for 'response_format.type': supported values are 'text', 'json_object' and 'json_schema'.",
        'response_format.type',
        'invalid_value',
      );
    }
    jsonMode = type !== 'text';
  }
  return {
    model: body.model,
    messages,
    stream,
    includeUsage,
    jsonMode,
    tools: parseTools(body.tools),
    toolChoice: parseToolChoice(body.tool_choice),
    maxTokens,
  };
}

/** Which Pro feature a Free key is trying to use, if any. */
function proFeature(request: ChatRequest, body: Record<string, unknown>): { feature: string; param: string } | null {
  if (request.model !== 'default') return { feature: `The model \`${request.model}\``, param: 'model' };
  if (request.jsonMode) return { feature: 'JSON mode (response_format)', param: 'response_format' };
  if (body.tools !== undefined && body.tools !== null) return { feature: 'Function calling (tools)', param: 'tools' };
  if (body.tool_choice !== undefined && body.tool_choice !== null) return { feature: 'Function calling (tool_choice)', param: 'tool_choice' };
  return null;
}

export function validateChatRequest(body: unknown, plan: Plan): Validation {
  let request: ChatRequest;
  try {
    request = parse(body);
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    return { ok: false, status: 400, error: { message: error.message, type: 'invalid_request_error', param: error.param, code: error.code } };
  }
  const pro = plan === 'free' ? proFeature(request, body as Record<string, unknown>) : null;
  if (pro) {
    return {
      ok: false,
      status: 403,
      error: {
        message: `${pro.feature} requires a Pro plan. Free keys can only use the model \`default\` without JSON mode or tools.`,
        type: 'permission_error',
        param: pro.param,
        code: 'pro_plan_required',
      },
    };
  }
  return { ok: true, request };
}
