import { z } from 'zod';
import { contextBudgetSchema } from './context-budget';
import { serviceFailure } from './service-failure';

/** Roles of the seed's message (§2.1). */
export const roleSchema = z.enum(['system', 'user', 'assistant', 'tool']);

export const usageSchema = z.object({
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  total_tokens: z.number(),
});

/** The models the seed advertises, with its own descriptions; any other id may be typed (Pro). */
export const KNOWN_MODELS = [
  { id: 'default', description: 'General-purpose use', plan: 'free' },
  { id: 'fast', description: 'Ultra-low latency, routine tasks', plan: 'pro' },
  { id: 'pro', description: 'High intelligence, complex reasoning', plan: 'pro' },
] as const;

export const FREE_MODEL = 'default';

/**
 * A tool is named `serverId/toolName`: the MCP server's id (which has no slash) and the
 * tool's name on that server. A conversation's enabled tools are a list of these.
 */
export const toolKey = (serverId: string, toolName: string) => `${serverId}/${toolName}`;
export const toolKeySchema = z.string().regex(/^[^/]+\/.+$/, 'A tool is named serverId/toolName.');

/** auto: the model decides; none: no tool; required: some tool; { tool }: that one tool. */
export const toolChoiceSchema = z.union([z.enum(['auto', 'none', 'required']), z.object({ tool: toolKeySchema })]);

/**
 * Request options a conversation carries; validated before anything is sent. Unknown fields
 * are stripped: older exports and databases may still carry `alwaysAllowedTools`, which no
 * longer exists, since permissions are main's (tools/permission-rules.ts) and never imported.
 */
export const chatOptionsSchema = z.object({
  model: z.string().trim().min(1, 'Choose a model or type a model id.'),
  temperature: z
    .number({ error: 'Temperature must be a number from 0 to 2.' })
    .min(0, 'Temperature must be from 0 to 2.')
    .max(2, 'Temperature must be from 0 to 2.')
    .nullable(),
  maxTokens: z
    .number({ error: 'Maximum tokens must be a whole number above 0.' })
    .int('Maximum tokens must be a whole number above 0.')
    .positive('Maximum tokens must be a whole number above 0.')
    .nullable(),
  stream: z.boolean(),
  /** Pro: the reply must be one JSON object (`response_format: json_object`). */
  jsonMode: z.boolean().optional(),
  /** Pro: the MCP tools offered to the model in this conversation. */
  tools: z.array(toolKeySchema).optional(),
  toolChoice: toolChoiceSchema.optional(),
  /** How much history a request carries; absent: the Settings default (everything unless changed). */
  context: contextBudgetSchema.optional(),
});

/** A new chat's options: the service's default model, its own temperature and length, streamed. */
export const DEFAULT_CHAT_OPTIONS: ChatOptions = { model: FREE_MODEL, temperature: null, maxTokens: null, stream: true };

/** Which MCP tool a call goes to, by server (id, and its name for display) and tool name. */
export const toolRefSchema = z.object({ serverId: z.string(), serverName: z.string(), name: z.string() });

/**
 * approve: run it once; deny: tell the model no; always: run it, and make the tool allowed
 * (a rule in main, after the user confirms it to main; unconfirmed, it counts as approve).
 */
export const toolDecisionSchema = z.enum(['approve', 'deny', 'always']);

/** One function call an assistant message asked for. */
export const toolCallSchema = z.object({
  /** The model's id for the call; the tool message with the result carries it back. */
  id: z.string().min(1),
  /** The function name the model used (an MCP tool's name made safe and unique). */
  name: z.string(),
  /** The arguments exactly as the model wrote them: JSON text, possibly invalid. */
  arguments: z.string(),
  /** The MCP tool behind the name; null when the model named a function Confab did not offer. */
  tool: toolRefSchema.nullable(),
  /**
   * How the call was decided (automatic: by a permission rule, nobody was asked), kept with the
   * call once main has it, so the conversation shows it whenever it is opened again.
   */
  decided: z.object({ decision: toolDecisionSchema, automatic: z.boolean() }).optional(),
});

/** How a tool call ended: it ran (ok), it ran and failed or could not run (error), the user said no (denied). */
export const toolOutcomeSchema = z.enum(['ok', 'error', 'denied']);

export const wireMessageSchema = z.object({
  role: roleSchema,
  content: z.string(),
  /** Assistant messages that asked for tools. */
  toolCalls: z.array(toolCallSchema).optional(),
  /** Tool messages: the call this is the result of. */
  toolCallId: z.string().optional(),
});

/**
 * How a reply ended: complete (the server finished), stopped (the user pressed Stop),
 * error (a failure; the text that arrived is kept), interrupted (the app quit mid-reply),
 * truncated (the token limit cut it: finish_reason `length`). All but complete can be continued.
 */
export const replyStateSchema = z.enum(['streaming', 'complete', 'stopped', 'error', 'interrupted', 'truncated']);

export type ChatRole = z.infer<typeof roleSchema>;
export type Usage = z.infer<typeof usageSchema>;
export type ChatOptions = z.infer<typeof chatOptionsSchema>;
export type WireMessage = z.infer<typeof wireMessageSchema>;
export type ReplyState = z.infer<typeof replyStateSchema>;
export type ToolChoice = z.infer<typeof toolChoiceSchema>;
export type ToolRef = z.infer<typeof toolRefSchema>;
export type ToolCall = z.infer<typeof toolCallSchema>;
export type ToolOutcome = z.infer<typeof toolOutcomeSchema>;
export { serviceFailure };
