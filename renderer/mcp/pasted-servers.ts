import { z } from 'zod';
import { type McpServerInput, serverInputSchema } from '../../shared/contract/mcp';
import { errorText } from '../../shared/domain/error-text';
import { problemOfIssue } from '../../shared/domain/problem';
import { problemWords } from '../common/problem-text';

/**
 * The JSON other MCP clients and servers' docs give (Claude Desktop, Cursor…):
 * `{"mcpServers": {"name": {"url", "headers"} | {"command", "args", "env"}}}`, the map of
 * servers alone, or one server without its name. Read into the add form's input, each server
 * then checked by the same schema as a server typed in, so the messages are the form's.
 */

const values = (what: string) => z.record(z.string(), z.string({ error: `each ${what} value must be text in quotes` }), { error: `"${what}s" must be an object of names and text values` });

const remoteEntry = z.object({
  type: z.string({ error: '"type" must be text' }).optional(),
  url: z.string({ error: '"url" must be text' }),
  headers: values('header').optional(),
});

const localEntry = z.object({
  type: z.string({ error: '"type" must be text' }).optional(),
  command: z.string({ error: '"command" must be text' }),
  args: z.array(z.string({ error: 'each argument must be text in quotes' }), { error: '"args" must be a list of arguments' }).optional(),
  env: values('env').optional(),
});

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const SHAPE = 'It should look like {"mcpServers": {"notes": {"url": "https://…"}}} or {"notes": {"command": "…", "args": ["…"]}}.';

const pairs = (record: Record<string, string> | undefined) => Object.entries(record ?? {}).map(([name, value]) => ({ name, value }));

/** One server's entry as the form's input, or what is wrong with it, naming the server. */
function readEntry(name: string, entry: unknown): { input: McpServerInput } | { problem: string } {
  const who = name ? `"${name}"` : 'The server';
  if (!isObject(entry)) return { problem: `${who} is not an object with a "url" or a "command".` };
  if (entry.type === 'sse') return { problem: `${who} uses the older SSE transport; Confab connects to Streamable HTTP servers and local commands.` };
  const local = 'command' in entry;
  if (!local && !('url' in entry)) return { problem: `${who} has neither a "url" (a server at an address) nor a "command" (a program Confab starts).` };
  const read = local ? localEntry.safeParse(entry) : remoteEntry.safeParse(entry);
  if (!read.success) return { problem: `${who}: ${read.error.issues[0]?.message ?? 'its settings cannot be read'}.` };
  const transport =
    'command' in read.data
      ? { type: 'stdio' as const, command: read.data.command, args: read.data.args ?? [], env: pairs(read.data.env) }
      : { type: 'http' as const, url: read.data.url, headers: pairs(read.data.headers) };
  const checked = serverInputSchema.safeParse({ name, transport });
  // An unnamed server is named in the form; every other rule is the form's own.
  const issue = checked.success ? undefined : checked.error.issues.find((found) => !(name === '' && found.path[0] === 'name'));
  // An address check names its problem (a code the errors namespace words); the other checks still word their own.
  const named = problemOfIssue(issue);
  if (issue) return { problem: `${who}: ${named ? problemWords(named) : issue.message}` };
  return { input: checked.success ? checked.data : { name, transport } };
}

export type PastedServers = { ok: true; servers: McpServerInput[] } | { ok: false; problem: string };

/** Reads pasted text into servers to add, or says in one sentence what is wrong with it. */
export function readPastedServers(text: string): PastedServers {
  if (!text.trim()) return { ok: false, problem: `Paste the JSON first. ${SHAPE}` };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `This is not valid JSON (${errorText(error)}). Copy it again, braces included.` };
  }
  if (!isObject(json)) return { ok: false, problem: `This JSON is not an object of servers. ${SHAPE}` };
  const single = 'url' in json || 'command' in json;
  const map = single ? { '': json } : 'mcpServers' in json ? json.mcpServers : json;
  if (!isObject(map)) return { ok: false, problem: `"mcpServers" must be an object of servers by name. ${SHAPE}` };
  const entries = Object.entries(map);
  if (entries.length === 0) return { ok: false, problem: `This JSON names no server. ${SHAPE}` };
  const servers: McpServerInput[] = [];
  for (const [name, entry] of entries) {
    const read = readEntry(name, entry);
    if ('problem' in read) return { ok: false, problem: read.problem };
    servers.push(read.input);
  }
  return { ok: true, servers };
}
