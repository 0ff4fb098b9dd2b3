import { EventSourceParserStream, ParseError } from 'eventsource-parser/stream';
import type { Usage } from '../../../../shared/domain/chat';
import { BodyError, idleGuarded } from '../net/body';
import { readErrorBody } from '../net/service-failure';
import { type ToolCallDelta, toolCallDeltasOf } from '../tools/tool-call-deltas';

/** What one parsed chunk of a streamed completion (or a whole completion) contributes. */
export interface CompletionPiece {
  text: string;
  /** Fragments of tool calls (streamed), or whole calls (a whole completion). */
  toolCalls: ToolCallDelta[];
  finishReason: string | null;
  usage: Usage | null;
  model: string | null;
}

/**
 * A failure reported inside an otherwise successful stream: `message` is the server's own words
 * ('' when it sent none), `excerpt` the start of an event Confab could not read.
 */
export class StreamEventError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly excerpt: string | null = null,
  ) {
    super(message);
  }
}

type Chunk = {
  model?: unknown;
  usage?: Usage | null;
  error?: unknown;
  choices?: Array<{
    delta?: { content?: unknown; tool_calls?: unknown };
    message?: { content?: unknown; tool_calls?: unknown };
    finish_reason?: unknown;
  }>;
};

/** Reads a chunk (`choices[].delta`) or a whole completion (`choices[].message`). */
export function pieceOf(chunk: Chunk): CompletionPiece {
  const choice = chunk.choices?.[0];
  const content = choice?.delta?.content ?? choice?.message?.content;
  return {
    text: typeof content === 'string' ? content : '',
    toolCalls: toolCallDeltasOf(choice?.delta?.tool_calls ?? choice?.message?.tool_calls),
    finishReason: typeof choice?.finish_reason === 'string' ? choice.finish_reason : null,
    usage: chunk.usage ?? null,
    model: typeof chunk.model === 'string' ? chunk.model : null,
  };
}

/** How a stream is read: whose it is (for messages) and its caps. */
export interface StreamRules {
  host: string;
  maxEventBytes: number;
  idleTimeoutMs: number;
}

/** Events as they arrive; an event over the cap or a silent stream ends it with a BodyError. */
async function* eventsOf(body: ReadableStream<ArrayBufferView<ArrayBuffer> | ArrayBuffer>, rules: StreamRules) {
  const guarded = idleGuarded(body, rules.idleTimeoutMs, rules.host);
  const events = guarded.stream
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream({ maxBufferSize: rules.maxEventBytes }));
  try {
    yield* events;
  } catch (error) {
    if (error instanceof ParseError && error.type === 'max-buffer-size-exceeded') {
      throw new BodyError('event_too_large', { host: rules.host, bytes: rules.maxEventBytes });
    }
    throw error;
  } finally {
    // Stopped early (an error, [DONE], the caller's return): no more of the body is read.
    await guarded.release();
  }
}

/**
 * The chunks of an SSE completion stream. eventsource-parser does the SSE framing
 * (CRLF, comments, multi-line data) and enforces the event cap; TextDecoderStream keeps
 * UTF-8 characters whole across network packets. The stream may end with `data: [DONE]`
 * or simply end. The chunk type is the DOM's BufferSource spelled out, as main compiles
 * without the DOM lib.
 */
export async function* completionPieces(body: ReadableStream<ArrayBufferView<ArrayBuffer> | ArrayBuffer>, rules: StreamRules): AsyncGenerator<CompletionPiece> {
  const events = eventsOf(body, rules);
  for await (const event of events) {
    if (event.data.trim() === '[DONE]') return;
    let chunk: Chunk;
    try {
      chunk = JSON.parse(event.data) as Chunk;
    } catch {
      throw new StreamEventError('', 'malformed_event', event.data.slice(0, 120));
    }
    if (chunk.error !== undefined && chunk.error !== null) {
      const { code, message } = readErrorBody(event.data);
      throw new StreamEventError(message ?? '', code);
    }
    yield pieceOf(chunk);
  }
}
