import { z } from 'zod';
import { call } from './define';

/** allow: runs without asking; ask: each call waits for the user's approval; block: never offered or run. */
export const toolRuleSchema = z.enum(['allow', 'ask', 'block']);

/**
 * A rule for one tool of a server (`tool` its MCP name), or the server's default for its tools
 * without a rule of their own (`tool` null). A tool's own rule wins over its server's default;
 * with neither, the tool asks.
 */
export const permissionRuleSchema = z
  .object({ serverId: z.string().min(1), tool: z.string().min(1).nullable(), rule: toolRuleSchema })
  .strict();

export const permissionRuleViewSchema = z.object({
  serverId: z.string(),
  /** null when the server has been removed since. */
  serverName: z.string().nullable(),
  tool: z.string().nullable(),
  rule: toolRuleSchema,
});

const ruleTarget = z.object({ serverId: z.string().min(1), tool: z.string().min(1).nullable() }).strict();

/** Tool permissions live in main: set here (allow only after main asked the user), never carried by a conversation. */
export const permissionsArea = {
  list: call(z.void(), z.array(permissionRuleViewSchema)),
  /** Sets a rule; "allow" first asks the user from main (dialog or terminal) and is refused when they say no. */
  set: call(permissionRuleSchema, z.array(permissionRuleViewSchema)),
  /** Removes a rule: the tool falls back to its server's default, or to asking. */
  revoke: call(ruleTarget, z.array(permissionRuleViewSchema)),
};

export type ToolRule = z.infer<typeof toolRuleSchema>;
export type PermissionRule = z.infer<typeof permissionRuleSchema>;
export type PermissionRuleView = z.infer<typeof permissionRuleViewSchema>;
