import { randomUUID } from 'node:crypto';
import type { CompletionInput } from './completion-input';
import type { ToolCall } from '../../../../shared/domain/chat';
import type { ServiceFailure } from '../../../../shared/domain/service-failure';
import type { OfferedFunctions } from './chat-body';
import { notConfigured } from '../net/service-failure';
import { type FunctionNames, functionNames } from '../tools/function-names';
import type { JoinedToolCall } from '../tools/tool-call-deltas';
import { toolChoiceParam, toolDefinitions } from '../tools/tool-definitions';
import type { OfferedTool, ToolHost } from '../tools/tool-host';

/** The tools of one chat request: what the model is offered, and the way back from its calls. */
export interface OfferedTools {
  /** null when the request names no tools: the body then has no `tools` at all. */
  functions: OfferedFunctions | null;
  byKey: Map<string, OfferedTool>;
  names: FunctionNames;
}

/** The tools a request names (a tool named in `toolChoice` is offered too), connected and described. */
export async function offerTools(
  input: CompletionInput,
  host: ToolHost | undefined,
): Promise<{ ok: true; offered: OfferedTools } | { ok: false; failure: ServiceFailure }> {
  const chosen = typeof input.toolChoice === 'object' ? [input.toolChoice.tool] : [];
  const keys = [...new Set([...(input.tools ?? []), ...chosen])];
  const none = { functions: null, byKey: new Map(), names: functionNames([]) };
  if (keys.length === 0) return { ok: true, offered: none };
  if (!host) return { ok: false, failure: notConfigured('tools_unavailable') };
  const result = await host.offer(keys);
  if (!result.ok) return result;
  const names = functionNames(result.tools);
  return {
    ok: true,
    offered: {
      functions: {
        tools: toolDefinitions(result.tools, names),
        toolChoice: input.toolChoice ? toolChoiceParam(input.toolChoice, names) : null,
      },
      byKey: new Map(result.tools.map((tool) => [tool.key, tool])),
      names,
    },
  };
}

/**
 * What later requests of the same reply offer. A forced choice (`required`, one named tool)
 * holds for the first request only, as the convention advises: forced on every request, the
 * model could never answer with text and would call tools until the step limit.
 */
export function forLaterSteps(functions: OfferedFunctions | null): OfferedFunctions | null {
  const forced = functions?.toolChoice === 'required' || typeof functions?.toolChoice === 'object';
  return forced ? { ...functions!, toolChoice: 'auto' } : functions;
}

/** A joined call as the history keeps it: with an id (made up if the service sent none) and its MCP tool. */
export function toToolCall(call: JoinedToolCall, offered: OfferedTools): ToolCall {
  const tool = offered.byKey.get(offered.names.byName.get(call.name) ?? '');
  return {
    id: call.id || `call_${randomUUID()}`,
    name: call.name,
    arguments: call.arguments,
    tool: tool ? { serverId: tool.serverId, serverName: tool.serverName, name: tool.name } : null,
  };
}
