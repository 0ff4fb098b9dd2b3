import type { CompletionEvent, CompletionInput } from '../../shared/contract/chat';
import type { ServiceFailure } from '../../shared/domain/service-failure';
import { createTextCoalescer } from './coalescer';
import { type CompletionPiece, StreamEventError, completionPieces, pieceOf } from './completion-stream';
import { failureFromNetworkError } from './service-failure';
import type { ServiceClient } from './service-client';

/** The request body in the chat-completion client convention (`max_tokens`, `stream_options`). */
export function completionBody(input: CompletionInput) {
  return {
    model: input.model,
    messages: input.messages,
    ...(input.temperature !== null && { temperature: input.temperature }),
    ...(input.maxTokens !== null && { max_tokens: input.maxTokens }),
    ...(input.stream && { stream: true, stream_options: { include_usage: true } }),
  };
}

const streamFailure = (error: StreamEventError, host: string): ServiceFailure => ({
  kind: 'stream',
  status: null,
  code: error.code,
  message: error.message,
  host,
  retryAfterSeconds: null,
});

/**
 * Runs one chat completion, streamed or whole, and reports it as contract events. Whatever
 * text arrived is always delivered before the final event, so a stop or an error keeps it.
 */
export function createChatService(deps: { service: ServiceClient; coalesceMs?: number }) {
  return {
    async complete(input: CompletionInput, ctx: { signal: AbortSignal; emit(event: CompletionEvent): void }) {
      const deltas = createTextCoalescer((text) => ctx.emit({ type: 'delta', text }), deps.coalesceMs);
      const last: Omit<CompletionPiece, 'text'> = { finishReason: null, usage: null, model: null };
      let host = '';
      try {
        const result = await deps.service.postJson('chat/completions', completionBody(input), ctx.signal);
        if (!result.ok) return ctx.emit({ type: 'failed', failure: result.failure });
        host = new URL(result.response.url).host;
        const pieces = input.stream
          ? completionPieces(result.response.body!)
          : [pieceOf((await result.response.json()) as Parameters<typeof pieceOf>[0])];
        for await (const piece of pieces) {
          deltas.push(piece.text);
          last.finishReason = piece.finishReason ?? last.finishReason;
          last.usage = piece.usage ?? last.usage;
          last.model = piece.model ?? last.model;
        }
        deltas.flush();
        ctx.emit({ type: 'done', ...last });
      } catch (error) {
        deltas.flush();
        if (ctx.signal.aborted) return ctx.emit({ type: 'stopped' });
        if (error instanceof StreamEventError) return ctx.emit({ type: 'failed', failure: streamFailure(error, host) });
        // The host answered and part of the reply arrived, so this is a broken stream, not an unreachable host.
        const { code } = failureFromNetworkError(error, `http://${host}`);
        ctx.emit({
          type: 'failed',
          failure: streamFailure(new StreamEventError(`The connection to ${host} broke off mid-reply (${code ?? (error as Error).message}).`, code), host),
        });
      }
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
