import type { ChatScript } from './script';
import { composeAnswer, promptTokensOf, stableId } from './chat-reply';
import { isSynopsisRequest, isTranslateRequest, synopsisReply, translateReply } from './translate';
import { streamAnswer } from './chat-stream';
import { responseWriter, writeForever } from './endless';
import { type ChatRequest, validateChatRequest } from './chat-request';
import { badRequest, sendError, sendJson, sendScriptedError } from './errors';
import type { RequestContext } from './http';
import { BodyTooLargeError, readJsonBody, sleep } from './http';

const MAX_JSON_BODY = 32 * 1024 * 1024;

/** A translation's batch or synopsis answered from the request and the service's state (translate.ts); else the default reply. */
function modelReply(request: ChatRequest, state: RequestContext['state']): string | undefined {
  if (isTranslateRequest(request)) return translateReply(request, state.translation);
  if (isSynopsisRequest(request)) return synopsisReply(request);
  return undefined;
}

/** POST /v1/chat/completions. `takeScript` is only called once the request is valid. */
export async function handleChat(ctx: RequestContext, takeScript: () => ChatScript | undefined): Promise<void> {
  const { req, res, entry, signal } = ctx;
  let parsed: Awaited<ReturnType<typeof readJsonBody>>;
  try {
    parsed = await readJsonBody(req, MAX_JSON_BODY);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      sendError(res, 413, { message: error.message, type: 'invalid_request_error', code: 'request_too_large' });
      return;
    }
    throw error;
  }
  entry.body = parsed.ok ? parsed.value : parsed.text;
  if (!parsed.ok) {
    badRequest(res, 'We could not parse the JSON body of your request. The body must be valid JSON.', null, 'invalid_json');
    return;
  }
  const validation = validateChatRequest(parsed.value, ctx.plan);
  if (!validation.ok) {
    sendError(res, validation.status, validation.error);
    return;
  }
  const request = validation.request;
  const limit = ctx.state.contextChars;
  const length = request.messages.reduce((sum, message) => sum + message.text.length, 0);
  const tokens = ctx.state.contextTokens;
  const counted = promptTokensOf(request);
  if ((limit !== null && length > limit) || (tokens !== null && counted > tokens)) {
    // The convention's own words for it; a request refused so takes no script, as a real model never saw it.
    const [context, asked] = tokens !== null ? [tokens, counted] : [Math.ceil(limit! / 4), Math.ceil(length / 4)];
    sendError(res, 400, {
      message: `This model's maximum context length is ${context} tokens. However, your messages resulted in ${asked} tokens. Please reduce the length of the messages.`,
      type: 'invalid_request_error',
      param: 'messages',
      code: 'context_length_exceeded',
    });
    return;
  }
  const script = takeScript() ?? {};

  ctx.watchDisconnect('chat');
  await sleep(script.latencyMs ?? ctx.state.latencyMs, signal);
  if (script.holdUntil) await script.holdUntil;
  if (signal.aborted) return;

  if (script.status !== undefined) {
    sendScriptedError(res, script.status, script.errorBody, script.headers);
    return;
  }

  ctx.state.sequence++;
  const meta = { id: stableId('chatcmpl-', 'chat', String(ctx.state.sequence)), created: Math.floor(Date.now() / 1000), model: request.model };
  const answer = composeAnswer(request, script.reply === undefined ? { ...script, reply: modelReply(request, ctx.state) } : script, meta.id);

  if (request.stream) {
    await streamAnswer(ctx, meta, answer, script, script.includeUsage ?? request.includeUsage);
    return;
  }

  if (script.endless) {
    res.writeHead(200, { 'content-type': 'application/json' });
    return writeForever(responseWriter(res, signal), '{"choices":[{"message":{"content":"');
  }
  const message: Record<string, unknown> = { role: 'assistant', content: answer.content };
  if (answer.toolCalls.length) message.tool_calls = answer.toolCalls;
  sendJson(
    res,
    200,
    {
      id: meta.id,
      object: 'chat.completion',
      created: meta.created,
      model: meta.model,
      choices: [{ index: 0, message, finish_reason: answer.finishReason }],
      usage: answer.usage,
    },
    script.headers,
  );
}
