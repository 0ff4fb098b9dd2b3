import { z } from 'zod';
import { call, stream } from './define';
import { mcpUrlSchema } from './settings';
import { issueOf, problemSchema } from '../domain/problem';

/** The service's own MCP server: Settings' MCP address with the API key. Always listed, never removed. */
export const SERVICE_SERVER_ID = 'service';
/** The longest server name (the form's field stops there too). */
export const MAX_NAME_CHARS = 80;

const headerName = z
  .string()
  .trim()
  .refine((name) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name), issueOf('mcp_input.header_name', { example: 'X-Api-Key' }));
const envName = z
  .string()
  .trim()
  .refine((name) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name), issueOf('mcp_input.variable_name'));

/**
 * Header and environment values are secrets: main keeps them in the OS keychain. The renderer
 * sends a value to store one, or leaves `value` out to keep the stored value.
 */
const secretsInput = (name: typeof headerName, repeated: 'mcp_input.header_repeated' | 'mcp_input.variable_repeated', caseless: boolean) =>
  z
    .array(z.object({ name, value: z.string().optional() }).strict())
    .default([])
    .refine(
      (entries) => new Set(entries.map((entry) => (caseless ? entry.name.toLowerCase() : entry.name))).size === entries.length,
      issueOf(repeated),
    );

/** What the renderer sees of a secret: its name and whether a value is stored, never the value. */
export const secretViewSchema = z.object({ name: z.string(), hasValue: z.boolean() });

export const serverInputSchema = z
  .object({
    name: z
      .string()
      .trim()
      .refine((name) => name !== '', issueOf('mcp_input.name_missing'))
      .refine((name) => name.length <= MAX_NAME_CHARS, issueOf('mcp_input.name_too_long', { max: MAX_NAME_CHARS })),
    transport: z.discriminatedUnion('type', [
      z.object({ type: z.literal('http'), url: mcpUrlSchema, headers: secretsInput(headerName, 'mcp_input.header_repeated', true) }).strict(),
      z
        .object({
          type: z.literal('stdio'),
          command: z.string().trim().refine((command) => command !== '', issueOf('mcp_input.command_missing')),
          args: z.array(z.string()).default([]),
          env: secretsInput(envName, 'mcp_input.variable_repeated', false),
        })
        .strict(),
    ]),
  })
  .strict();

export const mcpToolSchema = z.object({
  /** `serverId/toolName`: what chat options list in `tools` and `toolChoice`, and tool permission rules name. */
  key: z.string(),
  name: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  inputSchema: z.record(z.string(), z.unknown()),
});

/**
 * Why a server is not connected, for the user. auth: the server refused the key or
 * headers (status, and the error code when its body had one); unreachable: the host or the
 * process could not be reached or started; protocol: it answered, but not as an MCP server;
 * not_configured: no address yet (the service's server before a base URL is set); refused:
 * the user did not allow its command to run (or could not be asked).
 */
export const mcpProblemSchema = z.object({
  reason: z.enum(['auth', 'unreachable', 'protocol', 'not_configured', 'refused']),
  /** What happened, as a code and values (host, command, the server's own words) the page words. */
  why: problemSchema,
  /** The server's own words: the last lines a local server wrote to stderr, or an HTTP server's error message. */
  output: z.string().nullable(),
  status: z.number().nullable(),
  code: z.string().nullable(),
  host: z.string().nullable(),
});

export const serverStatusSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('connecting') }),
  /** A local server's command waits for the user's yes, asked by main (dialog or terminal); `notice` says where. */
  z.object({ state: z.literal('awaitingConsent'), notice: problemSchema }),
  z.object({ state: z.literal('connected'), tools: z.array(mcpToolSchema) }),
  z.object({ state: z.literal('failed'), problem: mcpProblemSchema }),
]);

export const serverViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The service's own server: its address comes from Settings and its key is the API key. */
  builtIn: z.boolean(),
  transport: z.discriminatedUnion('type', [
    z.object({ type: z.literal('http'), url: z.string(), headers: z.array(secretViewSchema) }),
    z.object({ type: z.literal('stdio'), command: z.string(), args: z.array(z.string()), env: z.array(secretViewSchema) }),
  ]),
  status: serverStatusSchema,
});

const serverId = z.object({ id: z.string().min(1) }).strict();

export const mcpArea = {
  /** Every server with its status; servers not yet connected start connecting. */
  list: call(z.void(), z.array(serverViewSchema)),
  /** Adds a server and waits for the first connection attempt. */
  add: call(serverInputSchema, serverViewSchema),
  /** Replaces a user-added server's settings, then reconnects it. */
  update: call(serverInputSchema.extend({ id: z.string().min(1) }), serverViewSchema),
  /** Removes a user-added server and its stored secrets. */
  remove: call(serverId, z.void()),
  /** Connects again and lists the tools afresh; answers once the attempt has ended. */
  reconnect: call(serverId, serverViewSchema),
  /** Every server, now and after each change of any server's status or settings. */
  watch: stream(z.void(), z.object({ servers: z.array(serverViewSchema) })),
};

export type McpServerInput = z.output<typeof serverInputSchema>;
export type McpTool = z.infer<typeof mcpToolSchema>;
export type McpProblem = z.infer<typeof mcpProblemSchema>;
export type McpServerStatus = z.infer<typeof serverStatusSchema>;
export type McpServerView = z.infer<typeof serverViewSchema>;
