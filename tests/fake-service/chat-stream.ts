import type { Answer } from './chat-reply';
import { wordTokens } from './chat-reply';
import type { RequestContext } from './http';
import { sleep } from './http';
import type { ChatScript } from './script';
import { SseWriter } from './sse';
import { writeForever } from './endless';

type Delta = Record<string, unknown>;

function splitByCodePoints(text: string, size: number): string[] {
  const chars = Array.from(text);
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += size) pieces.push(chars.slice(i, i + size).join(''));
  return pieces;
}

/** The content-bearing deltas, in order: text first, then tool-call fragments (OpenAI's order). */
function contentDeltas(answer: Answer, script: ChatScript): Delta[] {
  const size = Math.max(1, script.chunkSize ?? 4);
  const text = answer.content ?? '';
  const pieces = script.tokensPerSecond ? wordTokens(text) : splitByCodePoints(text, size);
  const deltas: Delta[] = pieces.map((content) => ({ content }));
  answer.toolCalls.forEach((call, index) => {
    deltas.push({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] });
    for (const fragment of splitByCodePoints(call.function.arguments, size)) {
      deltas.push({ tool_calls: [{ index, function: { arguments: fragment } }] });
    }
  });
  return deltas;
}

/** Writes an answer as `chat.completion.chunk` events with the script's pacing and faults. */
export async function streamAnswer(
  ctx: RequestContext,
  meta: { id: string; created: number; model: string },
  answer: Answer,
  script: ChatScript,
  wantUsage: boolean,
): Promise<void> {
  const { res, signal } = ctx;
  const deltas = contentDeltas(answer, script);
  let chunksSent = 0;
  ctx.watchDisconnect('chat-stream', () => ({ chunksSent }));

  res.writeHead(200, {
    ...script.headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.flushHeaders();

  const sse = new SseWriter(res, {
    crlf: script.crlf === true,
    multilineData: script.multilineData === true,
    splitUtf8: script.splitUtf8 === true,
    splitPauseMs: script.splitPauseMs ?? 20,
  }, signal);
  const chunk = (delta: Delta, finishReason: string | null = null) => ({
    id: meta.id,
    object: 'chat.completion.chunk',
    created: meta.created,
    model: meta.model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  });
  const intervalMs = script.tokensPerSecond ? 1000 / script.tokensPerSecond : (script.intervalMs ?? ctx.state.defaultIntervalMs);

  // Faults fire after N content chunks; N beyond the end fires after the last one.
  const faultAt = (n: number | undefined) => (n === undefined ? -1 : Math.min(Math.max(0, n), deltas.length));
  const errorAt = faultAt(script.errorAfterChunks);
  const malformedAt = faultAt(script.malformedAfterChunks);
  const dropAt = faultAt(script.dropAfterChunks);

  // Returns true when a fault ended the stream.
  const fault = async (): Promise<boolean> => {
    if (chunksSent === dropAt) {
      ctx.markServerClose();
      res.socket?.destroy();
      return true;
    }
    if (chunksSent === errorAt) {
      const error = script.streamError ?? { message: 'The server had an error while streaming the response.', type: 'server_error', code: 'stream_error' };
      await sse.data({ error: { message: error.message, type: error.type ?? 'server_error', param: null, code: error.code ?? null } });
      res.end();
      return true;
    }
    if (chunksSent === malformedAt) {
      await sse.raw('data: {not json\n\n');
      res.end();
      return true;
    }
    return false;
  };

  if (script.comments) await sse.comment();
  await sse.data(chunk({ role: 'assistant', content: answer.content === null ? null : '' }));

  let firstAt = 0;
  // A clock-paced delta waits only until it is due (see ChatScript.clockPaced).
  const pause = () => (script.clockPaced ? sleep(Math.max(0, firstAt + chunksSent * intervalMs - performance.now()), signal) : sleep(intervalMs, signal));
  for (const delta of deltas) {
    if (script.endless && chunksSent === 1) return writeForever(sse, 'data: {"choices":[{"delta":{"content":"');
    if (await fault()) return;
    if (chunksSent === 0) firstAt = performance.now();
    else await pause();
    if (!sse.open) return;
    if (script.comments) await sse.comment();
    if (script.emptyDeltas) {
      await sse.data(chunk({ content: '' }));
      await sse.data(chunk({}));
    }
    await sse.data(chunk(delta));
    chunksSent++;
  }
  if (await fault()) return;
  if (!sse.open) return;

  await sse.data(chunk({}, answer.finishReason));
  if (wantUsage) {
    await sse.data({ id: meta.id, object: 'chat.completion.chunk', created: meta.created, model: meta.model, choices: [], usage: answer.usage });
  }
  if (script.comments) await sse.comment();
  if (!script.omitDone) await sse.raw('data: [DONE]\n\n');
  if (sse.open) res.end();
}
