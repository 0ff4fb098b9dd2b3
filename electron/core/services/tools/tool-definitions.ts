import type { ToolChoice } from '../../../../shared/domain/chat';
import type { FunctionNames } from './function-names';
import type { OfferedTool } from './tool-host';

/**
 * A function's `parameters` from an MCP tool's input schema. MCP schemas are JSON Schema
 * objects already; `$schema` is dropped (some services refuse it) and an object without
 * `properties` gets an empty one (a tool without arguments), which every service accepts.
 */
export function functionParameters(inputSchema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = inputSchema;
  return { ...schema, type: 'object', properties: schema.properties ?? {} };
}

/** The `tools` field of a completion request: one function per offered tool. */
export function toolDefinitions(tools: readonly OfferedTool[], names: FunctionNames) {
  return tools.map((tool) => ({
    type: 'function' as const,
    function: {
      name: names.byKey.get(tool.key)!,
      ...(tool.description && { description: tool.description }),
      parameters: functionParameters(tool.inputSchema),
    },
  }));
}

/** The `tool_choice` field; one named tool becomes `{ type: 'function', function: { name } }`. */
export function toolChoiceParam(choice: ToolChoice, names: FunctionNames) {
  return typeof choice === 'string' ? choice : { type: 'function' as const, function: { name: names.byKey.get(choice.tool)! } };
}
