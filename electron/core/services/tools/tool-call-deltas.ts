/**
 * One `choices[].delta.tool_calls[]` entry of a streamed completion. By the convention the
 * id and name arrive in a call's first fragment only, the arguments in many pieces, and
 * fragments of several calls may interleave; `index` says which call a fragment belongs to.
 */
export interface ToolCallDelta {
  index: number;
  id?: string;
  name?: string;
  arguments?: string;
}

export interface JoinedToolCall {
  /** Empty when the service never sent one; the caller gives the call an id of its own. */
  id: string;
  name: string;
  arguments: string;
}

/** Joins the fragments of a reply's tool calls into whole calls, in index order. */
export function joinToolCallDeltas(deltas: readonly ToolCallDelta[]): JoinedToolCall[] {
  const calls = new Map<number, JoinedToolCall>();
  for (const delta of deltas) {
    const call = calls.get(delta.index) ?? { id: '', name: '', arguments: '' };
    calls.set(delta.index, call);
    // Some servers repeat the id and name on later fragments; the first one stands.
    call.id ||= delta.id ?? '';
    call.name ||= delta.name ?? '';
    call.arguments += delta.arguments ?? '';
  }
  return [...calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
}

/**
 * Reads the tool calls of one parsed chunk (`delta.tool_calls`) or whole completion
 * (`message.tool_calls`, which carry no index: their position is their index).
 */
export function toolCallDeltasOf(value: unknown): ToolCallDelta[] {
  if (!Array.isArray(value)) return [];
  const text = (field: unknown) => (typeof field === 'string' ? field : undefined);
  return value.flatMap((entry: unknown, position) => {
    if (!entry || typeof entry !== 'object') return [];
    const call = entry as { index?: unknown; id?: unknown; function?: { name?: unknown; arguments?: unknown } };
    return [
      {
        index: typeof call.index === 'number' ? call.index : position,
        id: text(call.id),
        name: text(call.function?.name),
        arguments: text(call.function?.arguments),
      },
    ];
  });
}
