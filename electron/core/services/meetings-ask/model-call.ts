import type { ChatOptions, WireMessage } from '../../../../shared/domain/chat';
import { completionBody } from '../completion/chat-body';
import { BodyError } from '../net/body';
import type { ServiceClient } from '../net/service-client';
import { bodyFailure } from '../net/service-failure';
import type { ModelAnswer } from './meetings-ask';

/**
 * One whole (unstreamed) completion as text. A stand-in until the shared model-request layer
 * (issue 37 item 4) lands; Ask across meetings reaches it only through `MeetingsAskDeps.complete`.
 */
export async function completeOnce(service: ServiceClient, messages: WireMessage[], options: ChatOptions): Promise<ModelAnswer> {
  const result = await service.postJson('chat/completions', completionBody({ ...options, jsonMode: false, stream: false, messages }));
  if (!result.ok) return result;
  try {
    const body = JSON.parse(await service.readText(result)) as { choices?: Array<{ message?: { content?: unknown } }> };
    const content = body.choices?.[0]?.message?.content;
    return { ok: true, text: typeof content === 'string' ? content : '' };
  } catch (error) {
    if (error instanceof BodyError) return { ok: false, failure: bodyFailure(error, result.url, result.response.status) };
    throw error;
  }
}
