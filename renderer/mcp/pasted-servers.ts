import { z } from 'zod';
import { type McpServerInput, serverInputSchema } from '../../shared/contract/mcp';
import { errorText } from '../../shared/domain/error-text';
import { type ProblemData, problemOfIssue } from '../../shared/domain/problem';

/**
 * The JSON other MCP clients and servers' docs give (Claude Desktop, Cursor…):
 * `{"mcpServers": {"name": {"url", "headers"} | {"command", "args", "env"}}}`, the map of
 * servers alone, or one server without its name. Read into the add form's input, each server
 * then checked by the same schema as a server typed in, so the rules are the form's.
 */

/**
 * What cannot be read in a pasted JSON, as a code and values the form words in the UI language.
 * `name` is the server's ('' for one pasted without its name); `issue` is what is wrong with
 * one of its fields, or a rule of the form's own schema (`named`, its problem).
 */
export type PasteProblem =
  | { code: 'empty' | 'notObject' | 'serversNotObject' | 'noServer' }
  | { code: 'notJson'; detail: string }
  | { code: 'entryNotObject' | 'entrySse' | 'entryNeither'; name: string }
  | { code: 'entryField'; name: string; issue: FieldIssue };

export type FieldIssue =
  | { code: 'fieldText' | 'valuesObject'; field: string }
  | { code: 'headerValueText' | 'envValueText' | 'argsList' | 'argText' }
  | { code: 'named'; problem: ProblemData };

// The schemas' messages are FieldIssue codes, read back in issueOf.
const values = (what: 'header' | 'env') =>
  z.record(z.string(), z.string({ error: `${what}ValueText` }), { error: 'valuesObject' });

const remoteEntry = z.object({
  type: z.string({ error: 'fieldText' }).optional(),
  url: z.string({ error: 'fieldText' }),
  headers: values('header').optional(),
});

const localEntry = z.object({
  type: z.string({ error: 'fieldText' }).optional(),
  command: z.string({ error: 'fieldText' }),
  args: z.array(z.string({ error: 'argText' }), { error: 'argsList' }).optional(),
  env: values('env').optional(),
});

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function issueOf(issue: z.core.$ZodIssue | undefined): FieldIssue {
  const field = String(issue?.path[0] ?? '');
  switch (issue?.message) {
    case 'fieldText':
    case 'valuesObject':
      return { code: issue.message, field };
    case 'headerValueText':
    case 'envValueText':
    case 'argsList':
    case 'argText':
      return { code: issue.message };
    default:
      return { code: 'fieldText', field };
  }
}

const pairs = (record: Record<string, string> | undefined) => Object.entries(record ?? {}).map(([name, value]) => ({ name, value }));

/** One server's entry as the form's input, or what is wrong with it, naming the server. */
function readEntry(name: string, entry: unknown): { input: McpServerInput } | { problem: PasteProblem } {
  if (!isObject(entry)) return { problem: { code: 'entryNotObject', name } };
  if (entry.type === 'sse') return { problem: { code: 'entrySse', name } };
  const local = 'command' in entry;
  if (!local && !('url' in entry)) return { problem: { code: 'entryNeither', name } };
  const read = local ? localEntry.safeParse(entry) : remoteEntry.safeParse(entry);
  if (!read.success) return { problem: { code: 'entryField', name, issue: issueOf(read.error.issues[0]) } };
  const transport =
    'command' in read.data
      ? { type: 'stdio' as const, command: read.data.command, args: read.data.args ?? [], env: pairs(read.data.env) }
      : { type: 'http' as const, url: read.data.url, headers: pairs(read.data.headers) };
  const checked = serverInputSchema.safeParse({ name, transport });
  // An unnamed server is named in the form; every other rule is the form's own.
  const issue = checked.success ? undefined : checked.error.issues.find((found) => !(name === '' && found.path[0] === 'name'));
  // Every rule of the form's schema names its problem (a code the errors namespace words).
  if (issue) return { problem: { code: 'entryField', name, issue: { code: 'named', problem: problemOfIssue(issue) ?? { code: 'field.invalid', values: {} } } } };
  return { input: checked.success ? checked.data : { name, transport } };
}

export type PastedServers = { ok: true; servers: McpServerInput[] } | { ok: false; problem: PasteProblem };

/** Reads pasted text into servers to add, or says what is wrong with it. */
export function readPastedServers(text: string): PastedServers {
  if (!text.trim()) return { ok: false, problem: { code: 'empty' } };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: { code: 'notJson', detail: errorText(error) } };
  }
  if (!isObject(json)) return { ok: false, problem: { code: 'notObject' } };
  const single = 'url' in json || 'command' in json;
  const map = single ? { '': json } : 'mcpServers' in json ? json.mcpServers : json;
  if (!isObject(map)) return { ok: false, problem: { code: 'serversNotObject' } };
  const entries = Object.entries(map);
  if (entries.length === 0) return { ok: false, problem: { code: 'noServer' } };
  const servers: McpServerInput[] = [];
  for (const [name, entry] of entries) {
    const read = readEntry(name, entry);
    if ('problem' in read) return { ok: false, problem: read.problem };
    servers.push(read.input);
  }
  return { ok: true, servers };
}
