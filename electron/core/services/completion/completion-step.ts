import type { CompletionEvent } from '../../../../shared/contract/chat';
import type { Usage } from '../../../../shared/domain/chat';
import type { ServiceFailure } from '../../../../shared/domain/service-failure';
import { StreamEventError, completionPieces, pieceOf } from './completion-stream';
import type { CompletionBody } from './chat-body';
import { completionBytes } from './body-bytes';
import { BodyError } from '../net/body';
import { redact } from '../net/redact';
import { diagnosed, failureFromNetworkError } from '../net/service-failure';
import type { ServiceClient } from '../net/service-client';
import { type JoinedToolCall, type ToolCallDelta, joinToolCallDeltas } from '../tools/tool-call-deltas';
import { errorText } from '../../../../shared/domain/error-text';

/** One request's reply: its text (already passed on as it came), tool calls and ending. */
export interface StepReply {
  text: string;
  toolCalls: JoinedToolCall[];
  finishReason: string | null;
  usage: Usage | null;
  model: string | null;
}

export type StepOutcome =
  | { ok: true; reply: StepReply }
  | { ok: false; end: Extract<CompletionEvent, { type: 'stopped' | 'failed' }> };

// The service's own error event: its words, and the kind says the rest (a stream that broke).
// An event that did not parse is Confab's diagnosis: its start goes as a value, the page words it.
const serviceStreamFailure = (error: StreamEventError, host: string): ServiceFailure =>
  error.excerpt === null
    ? serviceWords(error, host)
    : diagnosed('stream', error.code, { reason: 'malformed_event', values: { excerpt: redact(error.excerpt) } }, host);

const serviceWords = (error: StreamEventError, host: string): ServiceFailure => ({
  kind: 'stream',
  reason: null,
  status: null,
  code: error.code,
  message: redact(error.message),
  host,
  retryAfterSeconds: null,
});

/**
 * Sends one completion request, streamed or whole, handing text to `onText` as it arrives.
 * Every way it can end is an outcome, never an exception: a stop, a refusal, a broken stream.
 */
export async function requestStep(
  service: ServiceClient,
  body: CompletionBody,
  /** `oneOff`: its messages are not sent again (model-requests'), so their JSON is not kept for a next request (body-bytes.ts). */
  options: { streamed: boolean; signal: AbortSignal; onText(text: string): void; oneOff?: boolean },
): Promise<StepOutcome> {
  const reply: StepReply = { text: '', toolCalls: [], finishReason: null, usage: null, model: null };
  const toolCallDeltas: ToolCallDelta[] = [];
  let host = '';
  try {
    const result = await service.post('chat/completions', completionBytes(body, !options.oneOff), { contentType: 'application/json', signal: options.signal });
    if (!result.ok) return { ok: false, end: { type: 'failed', failure: result.failure } };
    host = new URL(result.url).host;
    const pieces = options.streamed
      ? completionPieces(result.response.body!, { host, ...service.limits })
      : [pieceOf(JSON.parse(await service.readText(result)) as Parameters<typeof pieceOf>[0])];
    for await (const piece of pieces) {
      options.onText(piece.text);
      reply.text += piece.text;
      toolCallDeltas.push(...piece.toolCalls);
      reply.finishReason = piece.finishReason ?? reply.finishReason;
      reply.usage = piece.usage ?? reply.usage;
      reply.model = piece.model ?? reply.model;
    }
    return { ok: true, reply: { ...reply, toolCalls: joinToolCallDeltas(toolCallDeltas) } };
  } catch (error) {
    if (options.signal.aborted) return { ok: false, end: { type: 'stopped' } };
    if (error instanceof StreamEventError) return { ok: false, end: { type: 'failed', failure: serviceStreamFailure(error, host) } };
    if (error instanceof BodyError) return { ok: false, end: { type: 'failed', failure: diagnosed('stream', error.code, error, host) } };
    // The host answered and part of the reply arrived, so this is a broken stream, not an unreachable host.
    const { code } = failureFromNetworkError(error, `http://${host}`);
    const values = { host, detail: redact(code ?? errorText(error)) };
    return { ok: false, end: { type: 'failed', failure: diagnosed('stream', code, { reason: 'stream_cut', values }, host) } };
  }
}
