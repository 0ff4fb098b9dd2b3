/** The names a model accepts for a function (the chat-completion convention). */
export const FUNCTION_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_LENGTH = 64;

export interface NamedTool {
  /** `serverId/toolName`. */
  key: string;
  serverName: string;
  name: string;
}

export interface FunctionNames {
  /** Tool key → function name. */
  byKey: Map<string, string>;
  /** Function name → tool key. */
  byName: Map<string, string>;
}

/** Any other character becomes `_`; MCP allows names such as `files.read` or `search notes`. */
const safe = (text: string) => text.replace(/[^a-zA-Z0-9_-]/g, '_') || 'tool';
const fit = (name: string, suffix = '') => name.slice(0, MAX_LENGTH - suffix.length) + suffix;

/**
 * Gives every tool a function name the model accepts, and keeps the way back. A tool keeps
 * its own name when that is unique; a name several servers share gets its server's name in
 * front; a name still taken gets a number. Tools are taken in key order, so the same set of
 * tools always gets the same names (earlier turns of a conversation keep making sense).
 */
export function functionNames(tools: readonly NamedTool[]): FunctionNames {
  const unique = [...new Map(tools.map((tool) => [tool.key, tool])).values()].sort((a, b) => (a.key < b.key ? -1 : 1));
  const sharing = new Map<string, number>();
  for (const tool of unique) sharing.set(safe(tool.name), (sharing.get(safe(tool.name)) ?? 0) + 1);

  const names: FunctionNames = { byKey: new Map(), byName: new Map() };
  const claim = (key: string, wanted: string) => {
    let name = fit(wanted);
    for (let n = 2; names.byName.has(name); n++) name = fit(wanted, `_${n}`);
    names.byKey.set(key, name);
    names.byName.set(name, key);
  };
  // Unshared names first, so a server-prefixed name can never take a tool's own name.
  for (const tool of unique) if (sharing.get(safe(tool.name)) === 1) claim(tool.key, safe(tool.name));
  for (const tool of unique) if (sharing.get(safe(tool.name))! > 1) claim(tool.key, `${safe(tool.serverName)}_${safe(tool.name)}`);
  return names;
}
