import { describe, expect, it } from 'vitest';
import type { CompletionInput } from '../../../../electron/core/services/completion/completion-input';
import { readJson } from '../../../../shared/domain/json';
import { JSON_MODE_INSTRUCTION, apiMessages, completionBody } from '../../../../electron/core/services/completion/chat-body';
import { functionNames } from '../../../../electron/core/services/tools/function-names';
import { functionParameters, toolChoiceParam, toolDefinitions } from '../../../../electron/core/services/tools/tool-definitions';
import type { OfferedTool } from '../../../../electron/core/services/tools/tool-host';

const input = (overrides: Partial<CompletionInput> = {}): CompletionInput => ({
  model: 'pro',
  temperature: null,
  maxTokens: null,
  stream: true,
  messages: [{ role: 'user', content: 'Weather?' }],
  ...overrides,
});

const offered = (serverId: string, name: string, inputSchema: Record<string, unknown>, description: string | null = null): OfferedTool => ({
  key: `${serverId}/${name}`,
  serverId,
  serverName: serverId,
  name,
  description,
  inputSchema,
  call: async () => ({ isError: false, text: '' }),
});

const weatherSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: { city: { type: 'string', description: 'City name' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
  required: ['city'],
  additionalProperties: false,
};

describe('JSON mode', () => {
  it('sends response_format json_object and tells the model, in a system message, to answer in JSON', () => {
    const body = completionBody(input({ jsonMode: true, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }] }));
    expect(body.response_format).toEqual({ type: 'json_object' });
    expect(body.messages[0]).toEqual({ role: 'system', content: JSON_MODE_INSTRUCTION });
    expect(JSON_MODE_INSTRUCTION).toMatch(/JSON/);
    expect(body.messages.slice(1)).toEqual([{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }]);
  });

  it('sends neither without JSON mode, nor tools when none are enabled', () => {
    const body = completionBody(input({ jsonMode: false }));
    expect(body).toEqual({ model: 'pro', messages: [{ role: 'user', content: 'Weather?' }], stream: true, stream_options: { include_usage: true } });
  });

  it('reads a reply as JSON or says why not (the renderer shows this)', () => {
    expect(readJson('{"a": [1, 2]}')).toEqual({ valid: true, value: { a: [1, 2] } });
    expect(readJson('{"a": ')).toMatchObject({ valid: false, raw: '{"a": ', problem: { reason: 'syntax', detail: expect.stringMatching(/JSON/) as string } });
    expect(readJson('  ')).toEqual({ valid: false, raw: '  ', problem: { reason: 'empty', detail: '' } });
  });
});

describe('tool definitions', () => {
  it('turns an MCP input schema into function parameters without $schema', () => {
    expect(functionParameters(weatherSchema)).toEqual({
      type: 'object',
      properties: weatherSchema.properties,
      required: ['city'],
      additionalProperties: false,
    });
    expect(functionParameters({ type: 'object' })).toEqual({ type: 'object', properties: {} });
  });

  it('offers each tool as a function under its mapped name, with tool_choice mapped too', () => {
    const tools = [offered('service', 'get_weather', weatherSchema, 'Current weather.'), offered('local', 'get_weather', { type: 'object' })];
    const names = functionNames(tools);
    const definitions = toolDefinitions(tools, names);
    expect(definitions).toEqual([
      { type: 'function', function: { name: 'service_get_weather', description: 'Current weather.', parameters: functionParameters(weatherSchema) } },
      { type: 'function', function: { name: 'local_get_weather', parameters: { type: 'object', properties: {} } } },
    ]);
    expect(toolChoiceParam('required', names)).toBe('required');
    expect(toolChoiceParam({ tool: 'local/get_weather' }, names)).toEqual({ type: 'function', function: { name: 'local_get_weather' } });

    const body = completionBody(input({ toolChoice: 'auto' }), { tools: definitions, toolChoice: 'auto' });
    expect(body.tools).toBe(definitions);
    expect(body.tool_choice).toBe('auto');
    expect(completionBody(input(), { tools: [], toolChoice: 'auto' })).not.toHaveProperty('tool_choice');
  });
});

describe('messages with tool calls', () => {
  const call = (id: string) => ({ id, name: 'get_weather', arguments: '{"city":"Paris"}', tool: { serverId: 'service', serverName: 'Service', name: 'get_weather' } });

  it('sends assistant tool calls and tool results in the convention', () => {
    expect(
      apiMessages([
        { role: 'user', content: 'Weather?' },
        { role: 'assistant', content: '', toolCalls: [call('c1')] },
        { role: 'tool', content: 'Sunny', toolCallId: 'c1' },
        { role: 'assistant', content: 'It is sunny.' },
      ]),
    ).toEqual([
      { role: 'user', content: 'Weather?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      { role: 'tool', content: 'Sunny', tool_call_id: 'c1' },
      { role: 'assistant', content: 'It is sunny.' },
    ]);
  });
});
