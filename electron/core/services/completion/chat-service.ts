import { randomUUID } from 'node:crypto';
import type { CompletionEvent } from '../../../../shared/contract/chat';
import type { ToolCall, WireMessage } from '../../../../shared/domain/chat';
import type { CompletionInput } from './completion-input';
import type { ServiceFailure } from '../../../../shared/domain/service-failure';
import { completionBody } from './chat-body';
import { createTextCoalescer } from './coalescer';
import { requestStep } from './completion-step';
import type { ServiceClient } from '../net/service-client';
import { type UserPresence, createApprovals } from '../tools/approvals';
import { forLaterSteps, offerTools, toToolCall } from './offered-tools';
import { settleToolCall } from '../tools/settle-tool-call';
import type { ToolHost } from '../tools/tool-host';
import { type ToolRules, applyToolRules, askEveryTime } from '../tools/tool-rules';
import { errorText } from '../../../../shared/domain/error-text';

/** Requests per reply: a model that keeps asking for tools is stopped here, visibly. */
export const MAX_TOOL_STEPS = 8;

const stepLimit = (maxSteps: number, calls: ToolCall[]): ServiceFailure => ({
  kind: 'stream',
  reason: 'tool_step_limit',
  status: null,
  code: 'tool_step_limit',
  message: '',
  values: { tools: calls.map((call) => call.name).join(', '), count: maxSteps },
  host: null,
  retryAfterSeconds: null,
});

const unexpected = (error: unknown): ServiceFailure => ({
  kind: 'http',
  reason: 'reply_failed',
  status: null,
  code: null,
  message: '',
  values: { detail: errorText(error) },
  host: null,
  retryAfterSeconds: null,
});

export interface CompletionContext {
  /** The stream's id, which `decide` names; made up when absent (nobody can then approve a tool). */
  id?: string;
  signal: AbortSignal;
  emit(event: CompletionEvent): void;
}

/**
 * Runs one chat completion, streamed or whole, and reports it as contract events. Whatever
 * text arrived is always delivered before the next event, so a stop or an error keeps it.
 * When the model asks for tools, each call is approved (or not) by the user, run through MCP,
 * and its result sent back in a further request, until the model answers without tools.
 */
export function createChatService(deps: {
  service: ServiceClient;
  tools?: ToolHost;
  /** Main's tool permissions; without them every tool asks. */
  rules?: ToolRules;
  /** Whether a person pressed something since an approval was shown (Electron); see approvals.ts. */
  presence?: UserPresence;
  coalesceMs?: number;
  maxSteps?: number;
}) {
  const approvals = createApprovals(deps.presence);
  const rules = deps.rules ?? askEveryTime;
  const maxSteps = deps.maxSteps ?? MAX_TOOL_STEPS;

  async function run(requested: CompletionInput, ctx: CompletionContext, emit: (event: CompletionEvent) => void, onText: (text: string) => void) {
    const { input, note } = applyToolRules(requested, rules);
    const offer = await offerTools(input, deps.tools);
    if (!offer.ok) return emit({ type: 'failed', failure: offer.failure });
    const { offered } = offer;
    const messages: WireMessage[] = [...note, ...input.messages];
    const settle = { streamId: ctx.id ?? randomUUID(), signal: ctx.signal, emit, approvals, tools: offered.byKey, rules };

    for (let step = 1; ; step++) {
      if (step > 1) emit({ type: 'step', step, maxSteps, messageId: randomUUID() });
      const body = completionBody({ ...input, messages }, step === 1 ? offered.functions : forLaterSteps(offered.functions));
      const outcome = await requestStep(deps.service, body, { streamed: input.stream, signal: ctx.signal, onText });
      if (!outcome.ok) return emit(outcome.end);
      const { text, toolCalls, finishReason, usage, model } = outcome.reply;
      if (toolCalls.length === 0) return emit({ type: 'done', finishReason, usage, model });

      const calls = toolCalls.map((call) => toToolCall(call, offered));
      if (step === maxSteps) return emit({ type: 'failed', failure: stepLimit(maxSteps, calls) });
      emit({ type: 'toolCalls', calls, usage, model });
      messages.push({ role: 'assistant', content: text, toolCalls: calls });
      // One at a time, in the model's order: the user decides on each call separately.
      for (const call of calls) {
        const { outcome: result, content } = await settleToolCall(call, settle);
        if (ctx.signal.aborted) return emit({ type: 'stopped' });
        emit({ type: 'toolResult', callId: call.id, messageId: randomUUID(), outcome: result, content });
        messages.push({ role: 'tool', content, toolCallId: call.id });
      }
    }
  }

  return {
    /** Answers a waiting tool call; throws when that call is not waiting. */
    decide: approvals.decide,

    async complete(input: CompletionInput, ctx: CompletionContext) {
      const deltas = createTextCoalescer((text) => ctx.emit({ type: 'delta', text }), deps.coalesceMs);
      const emit = (event: CompletionEvent) => {
        deltas.flush();
        ctx.emit(event);
      };
      try {
        await run(input, ctx, emit, deltas.push);
      } catch (error) {
        // Stops while waiting for a decision or a tool land here; anything else is a bug, still reported.
        emit(ctx.signal.aborted ? { type: 'stopped' } : { type: 'failed', failure: unexpected(error) });
      }
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
