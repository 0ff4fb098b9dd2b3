import { join } from 'node:path';
import type { z } from 'zod';
import { FREE_MODEL, type Usage, type WireMessage } from '../../../../shared/domain/chat';
import type { Plan } from '../../../../shared/domain/plan-rules';
import type { ServiceFailure } from '../../../../shared/domain/service-failure';
import { JSON_MODE_INSTRUCTION, completionBody } from '../completion/chat-body';
import { requestStep } from '../completion/completion-step';
import { diagnosed } from '../net/service-failure';
import type { ServiceClient } from '../net/service-client';
import { cutToFit, openFits } from './fits';
import { answerText, readJson } from './model-reply';

/** Tokens a structured answer may take unless the caller says otherwise: a long meeting's notes fit. */
export const DEFAULT_MAX_TOKENS = 4096;
/** Bytes of answer read at most: a model that never stops is cut here, whatever max_tokens said. */
export const DEFAULT_MAX_BYTES = 256 * 1024;

/**
 * How one model request ended. `truncated`: the token cap cut the answer, and `value` is what it
 * held, repaired (a feature says what is missing rather than losing it silently). `failure` null:
 * stopped by the caller's signal.
 */
export type ModelOutcome<T> = { ok: true; value: T; text: string; usage: Usage | null; truncated: boolean } | { ok: false; failure: ServiceFailure | null };

export interface JsonAsk<S extends z.ZodType> {
  messages: WireMessage[];
  schema: S;
  /** The model wanted on Pro; Free always asks its one model. */
  model?: string;
  maxTokens?: number;
  maxBytes?: number;
  temperature?: number | null;
  signal: AbortSignal;
  /** The answer's text as it arrives (raw: reasoning and fences included), for showing it streamed. */
  onText?(text: string): void;
  /**
   * Asked for whole, not streamed: for an answer nothing shows as it arrives (a translation's
   * batch), where reading hundreds of streamed events was about half of Confab's time per request.
   */
  whole?: boolean;
}

export interface PartResult<I, R> {
  items: I[];
  value: R;
  usage: Usage | null;
  /** The token cap cut this part's answer off (`value` is what it held). */
  truncated: boolean;
}

/** The service's base address; null while there is none (the request itself then fails as not configured). */
const baseOf = (service: ServiceClient): URL | null => {
  try {
    return new URL(service.url(''));
  } catch {
    return null;
  }
};

const unreadable = (detail: string, host: string): ServiceFailure => diagnosed('http', 'unreadable_answer', { reason: 'unreadable_answer', values: { format: 'JSON', detail } }, host);

/**
 * The one place main asks the model for something other than a chat reply (notes, answers across
 * meetings, and later translation and chat at scale): JSON of a zod shape on either plan, output
 * capped, and input cut to what the model takes, learnt per (service origin, model).
 */
export function createModelRequests(deps: { service: ServiceClient; plan: () => Plan; dataDir: string }) {
  const fits = openFits(join(deps.dataDir, 'model-fits.json'));
  const base = () => baseOf(deps.service);
  const host = () => base()?.host ?? '';
  const modelFor = (wanted: string | undefined) => (deps.plan() === 'pro' ? (wanted ?? FREE_MODEL) : FREE_MODEL);
  const fitKey = (model: string) => `${base()?.origin ?? ''} ${model}`;

  /** One request, streamed unless asked whole, its output capped: the raw answer, or why not (null: the caller's signal). */
  async function stream(ask: Omit<JsonAsk<z.ZodType>, 'schema'>, jsonMode: boolean) {
    const maxBytes = ask.maxBytes ?? DEFAULT_MAX_BYTES;
    const body = completionBody({ model: modelFor(ask.model), temperature: ask.temperature ?? null, maxTokens: ask.maxTokens ?? DEFAULT_MAX_TOKENS, stream: !ask.whole, jsonMode, messages: ask.messages });
    const capped = new AbortController();
    const signal = AbortSignal.any([ask.signal, capped.signal]);
    let bytes = 0;
    const outcome = await requestStep(deps.service, body, {
      streamed: !ask.whole,
      signal,
      oneOff: true,
      onText(text) {
        bytes += Buffer.byteLength(text);
        if (bytes > maxBytes) return capped.abort();
        ask.onText?.(text);
      },
    });
    if (outcome.ok) return outcome;
    if (capped.signal.aborted && !ask.signal.aborted) return { ok: false as const, failure: diagnosed('http', 'too_large', { reason: 'too_large', values: { host: host(), bytes: maxBytes } }, host()) };
    return { ok: false as const, failure: outcome.end.type === 'failed' ? outcome.end.failure : null };
  }

  /**
   * Pro: JSON mode (`response_format: json_object`, the only form the seed names). Free: JSON mode
   * is refused, so the same instruction goes as a plain prompt and the answer is read tolerantly
   * (reasoning blocks and fences stripped, repaired). Either way zod checks the shape.
   */
  async function askJson<S extends z.ZodType>(ask: JsonAsk<S>): Promise<ModelOutcome<z.output<S>>> {
    const pro = deps.plan() === 'pro';
    const messages: WireMessage[] = pro ? ask.messages : [{ role: 'system', content: JSON_MODE_INSTRUCTION }, ...ask.messages];
    const outcome = await stream({ ...ask, messages }, pro);
    if (!outcome.ok) return outcome;
    const { text, usage, finishReason } = outcome.reply;
    let json: unknown;
    try {
      json = readJson(text);
    } catch {
      return { ok: false, failure: unreadable(text.slice(0, 120), host()) };
    }
    const checked = ask.schema.safeParse(json);
    if (!checked.success) return { ok: false, failure: unreadable(checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '), host()) };
    return { ok: true, value: checked.data, text, usage, truncated: finishReason === 'length' };
  }

  /**
   * Plain text on either plan (a synopsis; translation's numbered lines on Free, where JSON mode
   * is refused): the answer with its reasoning blocks and fence stripped, as askJson reads one.
   */
  async function askText(ask: Omit<JsonAsk<z.ZodType>, 'schema'>): Promise<ModelOutcome<string>> {
    const outcome = await stream(ask, false);
    if (!outcome.ok) return outcome;
    const { text, usage, finishReason } = outcome.reply;
    return { ok: true, value: answerText(text), text, usage, truncated: finishReason === 'length' };
  }

  /**
   * Sends `items` in parts cut to the fit learnt, one after another; a part the service finds too
   * long is halved and both halves go on (an item too long alone fails with the service's words).
   * Any other failure ends it with that failure; parts done are in order of their items.
   */
  async function inParts<I, R>(request: {
    items: readonly I[];
    size(item: I): number;
    model?: string;
    send(part: I[], model: string): Promise<ModelOutcome<R>>;
  }): Promise<{ ok: true; results: Array<PartResult<I, R>> } | { ok: false; failure: ServiceFailure | null; results: Array<PartResult<I, R>> }> {
    const model = modelFor(request.model);
    const key = fitKey(model);
    const sizeOf = (part: I[]) => part.reduce((sum, item) => sum + request.size(item), 0);
    const queue = cutToFit(request.items, request.size, fits.budget(key));
    const results: Array<PartResult<I, R>> = [];
    while (queue.length) {
      const part = queue.shift()!;
      // A fit learnt meanwhile (a sibling part refused) cuts what was planned before it.
      const recut = cutToFit(part, request.size, fits.budget(key));
      if (recut.length > 1) {
        queue.unshift(...recut);
        continue;
      }
      const outcome = await request.send(part, model);
      if (outcome.ok) {
        await fits.record(key, sizeOf(part), true);
        results.push({ items: part, value: outcome.value, usage: outcome.usage, truncated: outcome.truncated });
        continue;
      }
      if (outcome.failure?.reason !== 'context_too_long' || part.length < 2) return { ok: false, failure: outcome.failure, results };
      await fits.record(key, sizeOf(part), false);
      const half = Math.ceil(part.length / 2);
      queue.unshift(part.slice(0, half), part.slice(half));
    }
    return { ok: true, results };
  }

  return { askJson, askText, inParts, modelFor, fitKey, fits };
}

export type ModelRequests = ReturnType<typeof createModelRequests>;
