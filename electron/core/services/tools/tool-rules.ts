import type { ToolRule } from '../../../../shared/contract/permissions';
import type { ChatOptions, WireMessage } from '../../../../shared/domain/chat';

/** What the chat needs of main's tool permissions (tools/permission-rules.ts). */
export interface ToolRules {
  ruleFor(serverId: string, tool: string): ToolRule;
  /** Makes a tool always allowed, once the user confirmed it to main; false when they did not. */
  allow(serverId: string, tool: string): Promise<boolean>;
}

/** Without rules (a chat service built with no permissions), every tool asks and nothing is allowed for good. */
export const askEveryTime: ToolRules = { ruleFor: () => 'ask', allow: async () => false };

const split = (key: string) => [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)] as const;

/** What the model is told of a blocked tool it calls anyway. */
export const BLOCKED = 'The user has blocked this tool in Confab\'s settings, so it was not run. Do not call it again.';

/**
 * A request's tools without the blocked ones (never offered; a forced choice of one becomes
 * the model's own choice), and a note telling the model which were left out and why.
 */
export function applyToolRules<Input extends ChatOptions>(input: Input, rules: ToolRules): { input: Input; note: WireMessage[] } {
  const blocked = (key: string) => rules.ruleFor(...split(key)) === 'block';
  const chosen = typeof input.toolChoice === 'object' ? input.toolChoice.tool : null;
  const left = [...new Set([...(input.tools ?? []), ...(chosen ? [chosen] : [])])].filter(blocked);
  if (left.length === 0) return { input, note: [] };
  const names = left.map((key) => split(key)[1]).join(', ');
  return {
    input: {
      ...input,
      tools: input.tools?.filter((key) => !blocked(key)),
      toolChoice: chosen && blocked(chosen) ? 'auto' : input.toolChoice,
    },
    note: [{ role: 'system', content: `The user has blocked these tools, so they are not available: ${names}. Do not try to call them.` }],
  };
}
