import type { CompletionEvent, ToolDecision } from '../../../../shared/contract/chat';
import { type ToolCall, type ToolOutcome, toolKey } from '../../../../shared/domain/chat';
import { readJson } from '../../../../shared/domain/json';
import type { Approvals } from './approvals';
import type { OfferedTool } from './tool-host';
import { BLOCKED, type ToolRules } from './tool-rules';
import { errorText } from '../../../../shared/domain/error-text';

// Everything settled here is what the MODEL is told (and kept as the tool message it read), so it stays in English.

/** What the model is told when the user says no. */
export const DECLINED = 'The user declined this tool call, so it was not run. Do not call it again unless the user asks for it.';

export interface SettleContext {
  streamId: string;
  signal: AbortSignal;
  emit(event: CompletionEvent): void;
  approvals: Approvals;
  tools: Map<string, OfferedTool>;
  /** Main's permission rules, read at each call: a rule changed mid-reply holds for the next call. */
  rules: ToolRules;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Takes one tool call to its result: asks the user (unless a rule allows or blocks the tool),
 * runs it through MCP and says what the model is told. Only a stop escapes as an exception.
 */
export async function settleToolCall(call: ToolCall, ctx: SettleContext): Promise<{ outcome: ToolOutcome; content: string }> {
  const tool = call.tool && ctx.tools.get(toolKey(call.tool.serverId, call.tool.name));
  if (!call.tool || !tool) return { outcome: 'error', content: `There is no tool named "${call.name}". Use only the tools offered.` };
  // Models write "" for a call without arguments.
  const args = readJson(call.arguments.trim() || '{}');
  const rule = ctx.rules.ruleFor(tool.serverId, tool.name);
  if (rule === 'block') {
    ctx.emit({ type: 'toolDecision', callId: call.id, decision: 'deny', automatic: true });
    return { outcome: 'denied', content: BLOCKED };
  }
  const automatic = rule === 'allow';
  let decision: ToolDecision = 'approve';
  if (!automatic) {
    ctx.emit({ type: 'toolApproval', callId: call.id, tool: call.tool, arguments: args });
    decision = await ctx.approvals.wait(ctx.streamId, call.id, ctx.signal);
    // "Always" becomes a rule only once the user confirmed it to main; otherwise it approves this call.
    if (decision === 'always' && !(await ctx.rules.allow(tool.serverId, tool.name))) decision = 'approve';
  }
  ctx.emit({ type: 'toolDecision', callId: call.id, decision, automatic });
  if (decision === 'deny') return { outcome: 'denied', content: DECLINED };

  if (!args.valid || !isObject(args.value)) {
    // Told to the model, not the user, so it stays in English.
    const why = args.valid ? 'they are not an object' : args.problem.reason === 'empty' ? 'the text is empty' : args.problem.detail;
    return { outcome: 'error', content: `The arguments could not be used (${why}). Call the tool again with a JSON object.` };
  }
  try {
    const result = await tool.call(args.value, ctx.signal);
    return { outcome: result.isError ? 'error' : 'ok', content: result.text };
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    return { outcome: 'error', content: `The tool could not be run: ${errorText(error)}` };
  }
}
