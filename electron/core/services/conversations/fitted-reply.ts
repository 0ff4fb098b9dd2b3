import type { CompletionEvent } from '../../../../shared/contract/chat';
import type { ContextBudget, ContextPlanView, SentContext } from '../../../../shared/domain/context-budget';
import { type ConversationMeta, type Message, lastTurn } from '../../../../shared/domain/conversation';
import type { ChatService, CompletionContext } from '../completion/chat-service';
import type { CompletionInput } from '../completion/completion-input';
import type { HeldText } from '../held/held-items';
import type { Fits } from '../model-requests/fits';
import { type ContextPlan, planContext } from './context-plan';
import { requestFor } from './request';
import { withFirstPart } from './first-part';
import { splitSummary, summaryWire } from './summary-plan';
import { MESSAGE_OVERHEAD, type TokenEstimates } from './token-estimate';

/** What a reply's request is planned with: the local estimates and the key their ratio is learnt under. */
export interface ChatContext {
  tokens: TokenEstimates;
  /** (service origin, model), as model-requests keys its fits. */
  key: (model: string) => string;
  /** model-requests' fits, here in estimated tokens (under the key's own name + " tokens"). */
  fits: Fits;
  /** The budget of a conversation that sets none: the default in Settings. */
  budget: () => ContextBudget;
}

/** The held items' tokens as one system message carries them (request.ts), scaled by the model's learnt ratio. */
const heldTokens = (held: readonly HeldText[], ratio: number) =>
  held.length === 0 ? 0 : Math.ceil(held.reduce((sum, item) => sum + item.tokens, 0) * ratio) + MESSAGE_OVERHEAD;

/**
 * Plans a conversation's requests within its context budget, and answers "too long" by leaving
 * out the oldest unpinned messages, halving what is sent until the model takes it (the same
 * `context_too_long` the request layer splits on; see model-requests-and-jobs.md).
 */
export function fittedReplies(chat: ChatService, context: ChatContext) {
  const fitKey = (meta: ConversationMeta) => `${context.key(meta.options.model)} tokens`;

  /** Within `cap`, or else what the model was found to take (a refusal learnt, as the request layer learns it). */
  function plan(meta: ConversationMeta, path: readonly Message[], held: readonly HeldText[], cap = context.fits.budget(fitKey(meta))): ContextPlan {
    const ratio = context.tokens.ratio(context.key(meta.options.model));
    const tokens = (text: string) => Math.ceil(context.tokens.raw(text) * ratio);
    // Held documents and pastes are always sent, as the system prompt is: by the worker's count of each (heldTokens).
    const systemPrompt = meta.systemPrompt;
    const { turns, summary } = splitSummary(path);
    const input = { systemPrompt, alsoSent: heldTokens(held, ratio), path: turns, budget: meta.options.context ?? context.budget(), tokens, cap };
    const planned = planContext(input);
    const covers = new Set(summary?.summary?.covers);
    // Every turn it covers fits: they go as themselves, and the summary does not.
    if (!summary || !planned.leftOut.some((message) => covers.has(message.id))) return planned;
    // Otherwise it stands for all of them, always sent as the system prompt is: none goes beside it
    // but pinned ones and the last (never summarized away), or the model would read them twice.
    const carried = summaryWire(summary);
    const last = turns.at(-1);
    const standing = turns.filter((message) => !covers.has(message.id) || message.pinned === true || message === last);
    const within = planContext({ ...input, path: standing, systemPrompt: [systemPrompt, carried.content].filter((text) => text.trim()).join('\n\n') });
    const sent = new Set(within.sent);
    const leftOut = turns.filter((message) => !sent.has(message));
    return { ...within, leftOut, summary: carried, covered: leftOut.filter((message) => covers.has(message.id)).length };
  }

  /** What the next request would carry of `stored`, for the composer: `next` stands for the message not yet written. */
  function view(meta: ConversationMeta, stored: readonly Message[], next: Message, held: readonly HeldText[] = []): ContextPlanView {
    const planned = plan(meta, [...stored, next], held);
    const summary = planned.summary && { covers: planned.covered ?? 0, newer: planned.leftOut.length - (planned.covered ?? 0) };
    return {
      messages: planned.sent.length - 1,
      of: planned.sent.length - 1 + planned.leftOut.length,
      tokens: planned.tokens,
      leftOut: planned.leftOut.map((message) => message.id),
      budget: meta.options.context ? 'conversation' : 'settings',
      ...(summary && { summary }),
    };
  }

  /**
   * Runs the reply to `path`. `onSent` learns what each attempt carries (a reply says what was
   * left out; `part`: the tokens of item `firstPart` sent). A refusal is only taken back while
   * the attempt has reported nothing else, so a tool loop's later step is never sent twice.
   */
  async function complete(meta: ConversationMeta, path: readonly Message[], continuing: boolean, ctx: CompletionContext, held: readonly HeldText[], onSent: (sent: SentContext, part?: number) => void, firstPart?: string) {
    const key = context.key(meta.options.model);
    let cap = context.fits.budget(fitKey(meta));
    // The tokens the item sent in part may take (uncounted ratio: the tokenizer cuts); Infinity: every item whole.
    let part = firstPart === undefined ? Infinity : partBudget(meta, path, held, firstPart, cap);
    const firstPartOf = held.find((item) => item.id === firstPart)?.name;
    for (let cut = false; ; cut = true) {
      const sending = part === Infinity ? held : withFirstPart(held, firstPart!, part);
      const planned = plan(meta, path, sending, cap);
      const input: CompletionInput = requestFor(meta, planned.summary ? [planned.summary, ...planned.sent] : planned.sent, continuing, sending);
      const sent: SentContext = {
        messages: planned.sent.length,
        of: planned.sent.length + planned.leftOut.length,
        tokens: planned.tokens,
        cut,
        ...(planned.summary && { summary: planned.covered }),
        ...(part !== Infinity && firstPartOf && { firstPartOf }),
      };
      onSent(sent, part === Infinity ? undefined : part);
      let reported = false;
      let refused: Extract<CompletionEvent, { type: 'failed' }> | null = null;
      await chat.complete(input, {
        ...ctx,
        emit: (event) => {
          const tooLong = !reported && event.type === 'failed' && event.failure.reason === 'context_too_long';
          if (tooLong && (planned.sent.length > planned.kept || (part !== Infinity && part > 1))) {
            refused = event;
            return;
          }
          if (tooLong) onSent({ ...sent, ...biggest(meta, planned, sending, lastTurn(path)) });
          reported = true;
          if (event.type === 'done') void context.fits.record(fitKey(meta), planned.tokens, true);
          if (event.type === 'done' && event.usage && !continuing) void learn(key, planned, event.usage.prompt_tokens, meta.systemPrompt, sending);
          ctx.emit(event);
        },
      });
      if (!refused || ctx.signal.aborted) return;
      void context.fits.record(fitKey(meta), planned.tokens, false);
      // Other messages go first; once only what is always sent is left, the item sent in part is halved.
      if (planned.sent.length > planned.kept) cap = Math.floor(planned.tokens / 2);
      else part = Math.floor(part / 2);
    }
  }

  /**
   * Where the first part of held item `id` starts: what the model was found to take, less what is
   * always sent besides it (or half the item, when no limit is known yet), in the tokenizer's count.
   */
  function partBudget(meta: ConversationMeta, path: readonly Message[], held: readonly HeldText[], id: string, cap: number): number {
    // The intent checked it is one of the conversation's items.
    const item = held.find((candidate) => candidate.id === id)!;
    const whole = item.tokens;
    if (cap === Infinity) return Math.max(1, Math.floor(whole / 2));
    const rest = plan(meta, path, held.filter((other) => other !== item), 0).tokens + MESSAGE_OVERHEAD;
    const ratio = context.tokens.ratio(context.key(meta.options.model));
    return Math.max(1, Math.min(whole - 1, Math.floor((cap - rest) / ratio)));
  }

  /** Which of what is always sent is the largest: the item to name when they alone do not fit. */
  function biggest(meta: ConversationMeta, planned: ContextPlan, held: readonly HeldText[], last: Message | undefined): Pick<SentContext, 'tooBig' | 'item'> {
    const size = (text: string) => context.tokens.raw(text);
    const pinned = Math.max(0, ...planned.sent.filter((message) => message !== last).map((message) => size(message.content)));
    const item = held.reduce<HeldText | undefined>((a, b) => (!a || b.tokens > a.tokens ? b : a), undefined);
    const sizes = { system_prompt: size(meta.systemPrompt), attached: item?.tokens ?? 0, pinned, message: last ? size(last.content) : 0 };
    const tooBig = (Object.keys(sizes) as Array<keyof typeof sizes>).reduce((a, b) => (sizes[b] > sizes[a] ? b : a));
    return tooBig === 'attached' && item ? { tooBig, item: { id: item.id, name: item.name } } : { tooBig };
  }

  /**
   * The service's own count of a request corrects the estimate: the ratio is of the texts' tokens
   * alone (each message's overhead taken off its count), as the plan scales texts and adds the overhead.
   */
  function learn(key: string, planned: ContextPlan, reported: number, systemPrompt: string, held: readonly HeldText[]) {
    // The held items' text is part of what the service counted: left out, it would swell the ratio.
    const texts = [...(systemPrompt.trim() ? [systemPrompt] : []), ...[planned.summary ?? [], planned.sent].flat().map((message) => message.content)];
    const estimated = texts.reduce((sum, text) => sum + context.tokens.raw(text), 0) + held.reduce((sum, item) => sum + item.tokens, 0);
    return context.tokens.learn(key, estimated, reported - MESSAGE_OVERHEAD * (texts.length + held.length));
  }

  return { plan, view, complete };
}
