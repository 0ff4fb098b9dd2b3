import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatOptions } from '../../../../shared/domain/chat';
import type { Conversation } from '../../../../shared/domain/conversation';
import type { McpServerView } from '../../../../shared/contract/mcp';
import { readJson } from '../../../../shared/domain/json';
import { JSON_MODE_INSTRUCTION } from '../../../../electron/core/services/completion/chat-body';
import { type FakeService, startFakeService } from '../../../fake-service/server';
import { type Driver, STDIO_SERVER, conversationBodies, startCore } from '../../../support/tool-driver';

// How a reply with tools ends: the step limit, Stop at every stage, refusals, servers that
// are not there; and the rest of the Pro request: JSON mode, tools on two servers at once.
let fake: FakeService;
let app: Driver;

type ChatBody = { messages: Array<Record<string, unknown>>; tools?: Array<{ function: { name: string } }>; response_format?: unknown };
const chatBodies = () => conversationBodies<ChatBody>(fake);

/** The first message of a new conversation, with these options (ids: the conversation's). */
async function ask(overrides: Partial<ChatOptions> = {}) {
  const options = { model: 'pro', temperature: null, maxTokens: null, stream: true, tools: ['service/add_numbers', 'service/slow_echo'] };
  const { conversationId } = await app.invoke<{ conversationId: string }>('conversations:send', {
    conversationId: null,
    text: 'Go.',
    options: { ...options, ...overrides },
  });
  return { id: conversationId, conversationId };
}
const history = (id: string) => app.invoke<Conversation>('history:open', { id });
const cancel = (id: string) => app.invoke('conversations:stop', { conversationId: id });

beforeAll(async () => {
  fake = await startFakeService();
});
afterAll(() => fake.close());
beforeEach(async () => {
  fake.reset();
  app = await startCore(fake);
});
afterEach(() => app.dispose());

describe('the step limit', () => {
  it('ends with a clear failure after 8 requests, without running the last calls', async () => {
    for (let step = 1; step <= 8; step++) fake.chat.next({ toolCalls: [{ name: 'add_numbers', arguments: { a: step, b: 1 }, id: `s${step}` }] });
    await app.rule('service', 'add_numbers', 'allow');
    const { id, conversationId } = await ask();
    expect(await app.end(id)).toMatchObject({
      type: 'failed',
      failure: { kind: 'stream', code: 'tool_step_limit', values: { tools: 'add_numbers', count: 8 } },
    });
    expect(chatBodies()).toHaveLength(8);
    expect(fake.mcpCalls).toHaveLength(7);
    expect(app.chatEvents(id).filter((event) => event.type === 'step').map((event) => event.type === 'step' && event.step)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    const saved = (await history(conversationId)).messages;
    expect(saved.filter((message) => message.role === 'tool')).toHaveLength(7);
    expect(saved.at(-1)).toMatchObject({ role: 'assistant', state: 'error', failure: { code: 'tool_step_limit' } });
    expect(saved.at(-1)).not.toHaveProperty('toolCalls');
  });
});

describe('Stop', () => {
  it('works while waiting for approval: the stream stops and the decision is refused afterwards', async () => {
    fake.chat.next({ toolCalls: [{ name: 'add_numbers', arguments: { a: 1, b: 1 }, id: 'wait' }] });
    const { id, conversationId } = await ask();
    await app.next(id, 'toolApproval');
    await cancel(id);
    expect(await app.end(id)).toEqual({ type: 'stopped' });
    await expect(app.invoke('conversations:decideTool', { conversationId: id, callId: 'wait', decision: 'approve' })).rejects.toThrow(/tools\.not_waiting/);
    expect(fake.mcpCalls).toEqual([]);
    const saved = (await history(conversationId)).messages;
    expect(saved.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(saved[1]).toMatchObject({ role: 'assistant', state: 'stopped', toolCalls: [{ id: 'wait' }] });
  });

  it('works while a tool runs', async () => {
    fake.chat.next({ toolCalls: [{ name: 'slow_echo', arguments: { text: 'hi', delayMs: 10_000 }, id: 'slow' }] });
    await app.rule('service', 'slow_echo', 'allow');
    const { id } = await ask();
    await app.next(id, 'toolDecision');
    await expect.poll(() => fake.mcpCalls.length).toBe(1);
    const stoppedAt = Date.now();
    await cancel(id);
    expect(await app.end(id)).toEqual({ type: 'stopped' });
    expect(Date.now() - stoppedAt).toBeLessThan(2000);
    expect(app.chatEvents(id).some((event) => event.type === 'toolResult')).toBe(false);
  });

  it('works while the next step streams', async () => {
    fake.chat.next({ toolCalls: [{ name: 'add_numbers', arguments: { a: 1, b: 1 }, id: 'go' }] });
    fake.chat.next({ reply: 'word '.repeat(300), chunkSize: 5, intervalMs: 20 });
    await app.rule('service', 'add_numbers', 'allow');
    const { id } = await ask();
    await app.next(id, 'step');
    await app.next(id, 'delta');
    await cancel(id);
    expect(await app.end(id)).toEqual({ type: 'stopped' });
    await expect.poll(() => fake.disconnects.map((disconnect) => disconnect.kind)).toContain('chat-stream');
  });
});

describe('refusals and missing servers', () => {
  it('passes on the service refusing tools and JSON mode to a Free key as a plan failure', async () => {
    await app.invoke('secrets:setKey', { key: fake.keys.free });
    const tools = await ask({ model: 'default' });
    expect(await app.end(tools.id)).toMatchObject({ type: 'failed', failure: { kind: 'plan', status: 403, code: 'pro_plan_required' } });
    const json = await ask({ model: 'default', tools: [], jsonMode: true });
    expect(await app.end(json.id)).toMatchObject({ type: 'failed', failure: { kind: 'plan', status: 403, message: expect.stringMatching(/^JSON mode/) } });
  });

  it('fails before asking the model when a server or tool is not available', async () => {
    const closed = await ask({ tools: ['nowhere/get_weather'] });
    expect(await app.end(closed.id)).toMatchObject({ type: 'failed', failure: { kind: 'not_configured', reason: 'tool_server_removed', message: '', values: { tool: 'get_weather' } } });
    const unknownTool = await ask({ tools: ['service/launch_rockets'] });
    expect(await app.end(unknownTool.id)).toMatchObject({ type: 'failed', failure: { reason: 'tool_missing', message: '', values: { server: expect.any(String) as string, tool: 'launch_rockets' } } });

    // Stored while the fake accepts it, then withdrawn: Confab tries every key before storing it.
    await app.invoke('secrets:deleteKey');
    fake.issueKey('sk-wrong-key-000000');
    await app.invoke('secrets:setKey', { key: 'sk-wrong-key-000000' });
    fake.withdrawKey('sk-wrong-key-000000');
    const refused = await ask({});
    expect(await app.end(refused.id)).toMatchObject({
      type: 'failed',
      failure: { kind: 'auth', status: 401, code: 'invalid_api_key', message: expect.stringMatching(/^Service: Incorrect API key provided/) },
    });
    expect(chatBodies()).toEqual([]);
  });
});

describe('JSON mode and tools from two servers', () => {
  it('asks for a JSON object, and the reply is valid JSON', async () => {
    const { id } = await ask({ jsonMode: true, tools: [] });
    expect(await app.end(id)).toMatchObject({ type: 'done' });
    const body = chatBodies()[0]!;
    expect(body.response_format).toEqual({ type: 'json_object' });
    expect(body.messages[0]).toEqual({ role: 'system', content: JSON_MODE_INSTRUCTION });
    expect(body).not.toHaveProperty('tools');
    const reply = app.chatEvents(id).flatMap((event) => (event.type === 'delta' ? [event.text] : [])).join('');
    expect(readJson(reply)).toMatchObject({ valid: true, value: { echo: 'Go.' } });
  });

  it('tells two get_weather tools apart and runs each on its own server with its secret environment', async () => {
    const local = await app.invoke<McpServerView>('mcp:add', {
      name: 'Local',
      transport: { type: 'stdio', ...STDIO_SERVER, env: [{ name: 'NOTES_TOKEN', value: 'local-secret-1234' }] },
    });
    const tools = ['service/get_weather', `${local.id}/get_weather`, `${local.id}/read_env`];
    fake.chat.next({
      toolCalls: [
        { name: 'Local_get_weather', arguments: { city: 'Bergen' }, id: 'l1' },
        { name: 'Service_get_weather', arguments: { city: 'Bergen' }, id: 's1' },
        { name: 'read_env', arguments: { name: 'NOTES_TOKEN' }, id: 'e1' },
      ],
    });
    await app.rule('service', null, 'allow');
    await app.rule(local.id, null, 'allow');
    const { id } = await ask({ tools, toolChoice: { tool: `${local.id}/read_env` } });
    expect(await app.end(id)).toMatchObject({ type: 'done' });

    const [first, second] = chatBodies();
    expect(first!.tools!.map((tool) => tool.function.name)).toEqual(['Service_get_weather', 'Local_get_weather', 'read_env']);
    expect(first).toMatchObject({ tool_choice: { type: 'function', function: { name: 'read_env' } } });
    // Forced for the first request only, so the model can then answer.
    expect(second).toMatchObject({ tool_choice: 'auto' });
    expect(second!.messages.filter((message) => message.role === 'tool')).toEqual([
      { role: 'tool', tool_call_id: 'l1', content: 'Local station: Bergen is foggy.' },
      { role: 'tool', tool_call_id: 's1', content: expect.stringMatching(/^Weather in Bergen: /) },
      { role: 'tool', tool_call_id: 'e1', content: 'local-secret-1234' },
    ]);
    expect(fake.mcpCalls.map((call) => call.name)).toEqual(['get_weather']);
    expect((await app.next(id, 'toolCalls')).calls.map((call) => call.tool?.serverName)).toEqual(['Local', 'Service', 'Local']);
  });
});
