import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatOptions } from '../../../../shared/domain/chat';
import type { Conversation } from '../../../../shared/domain/conversation';
import { DECLINED } from '../../../../electron/core/services/tools/settle-tool-call';
import { BLOCKED } from '../../../../electron/core/services/tools/tool-rules';
import { type FakeService, startFakeService } from '../../../fake-service/server';
import { type Driver, conversationBodies, startCore } from '../../../support/tool-driver';

// The whole tool loop through main's router against the fake service and its MCP endpoint:
// the model asks (streamed tool_calls), the user decides, MCP runs the tool, the result goes
// back as a `tool` message, and the reply continues; all of it recorded in the history.
let fake: FakeService;
let app: Driver;

type ChatBody = { messages: Array<Record<string, unknown>>; tools?: Array<{ function: { name: string } }>; tool_choice?: unknown };
const chatBodies = () => conversationBodies<ChatBody>(fake);

const options = { model: 'pro', temperature: null, maxTokens: null, stream: true };

/** Sends the first message of a new conversation with these options; main answers it (ids: the conversation's). */
async function ask(overrides: Partial<ChatOptions> = {}, text = 'What is the weather in Paris?') {
  const { conversationId } = await app.invoke<{ conversationId: string }>('conversations:send', {
    conversationId: null,
    text,
    options: { ...options, tools: ['service/get_weather', 'service/add_numbers'], ...overrides },
  });
  return { id: conversationId, conversationId };
}

const decide = (conversationId: string, callId: string, decision: string) => app.invoke('conversations:decideTool', { conversationId, callId, decision });
const history = (id: string) => app.invoke<Conversation>('history:open', { id });
const text = (id: string) => app.chatEvents(id).flatMap((event) => (event.type === 'delta' ? [event.text] : [])).join('');

beforeAll(async () => {
  fake = await startFakeService();
});
afterAll(() => fake.close());
beforeEach(async () => {
  fake.reset();
  app = await startCore(fake);
});
afterEach(() => app.dispose());

describe('a tool call the user approves', () => {
  it('asks with the full arguments, runs the tool through MCP, sends the result back and streams the answer', async () => {
    fake.chat.next({ toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' }, id: 'call_w1' }], chunkSize: 3 });
    fake.chat.next({ reply: 'It is mild in Paris today.' });
    const { id, conversationId } = await ask();

    const proposed = await app.next(id, 'toolCalls');
    expect(proposed.calls).toEqual([
      { id: 'call_w1', name: 'get_weather', arguments: '{"city":"Paris","unit":"celsius"}', tool: { serverId: 'service', serverName: 'Service', name: 'get_weather' } },
    ]);
    const approval = await app.next(id, 'toolApproval');
    expect(approval).toEqual({
      type: 'toolApproval',
      callId: 'call_w1',
      tool: { serverId: 'service', serverName: 'Service', name: 'get_weather' },
      arguments: { valid: true, value: { city: 'Paris', unit: 'celsius' } },
    });
    expect(fake.mcpCalls).toEqual([]);
    await decide(id, 'call_w1', 'approve');

    expect(await app.end(id)).toMatchObject({ type: 'done', finishReason: 'stop' });
    expect(fake.mcpCalls.map(({ name, arguments: args }) => ({ name, args }))).toEqual([{ name: 'get_weather', args: { city: 'Paris', unit: 'celsius' } }]);
    const result = await app.next(id, 'toolResult');
    expect(result).toMatchObject({ callId: 'call_w1', outcome: 'ok', content: expect.stringMatching(/^Weather in Paris: /) });
    expect(await app.next(id, 'step')).toMatchObject({ step: 2, maxSteps: 8 });
    expect(text(id)).toBe('It is mild in Paris today.');
    expect(app.chatEvents(id).map((event) => event.type).filter((type) => type !== 'delta')).toEqual([
      'toolCalls',
      'toolApproval',
      'toolDecision',
      'toolResult',
      'step',
      'done',
    ]);

    const [first, second] = chatBodies();
    expect(first!.tools!.map((tool) => tool.function.name)).toEqual(['get_weather', 'add_numbers']);
    expect(second!.messages.slice(1)).toEqual([
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_w1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris","unit":"celsius"}' } }] },
      { role: 'tool', tool_call_id: 'call_w1', content: result.content },
    ]);

    const saved = (await history(conversationId)).messages;
    expect(saved.map((message) => [message.role, message.state])).toEqual([
      ['user', 'complete'],
      ['assistant', 'complete'],
      ['tool', 'complete'],
      ['assistant', 'complete'],
    ]);
    expect(saved[1]).toMatchObject({ content: '', toolCalls: proposed.calls, usage: { total_tokens: expect.any(Number) } });
    // The decision is kept with the call, for the conversation opened again later.
    expect(saved[1]!.toolCalls!.map((call) => call.decided)).toEqual([{ decision: 'approve', automatic: false }]);
    expect(saved[2]).toMatchObject({ id: result.messageId, content: result.content, toolCallId: 'call_w1', toolOutcome: 'ok' });
    expect(saved[3]).toMatchObject({ content: 'It is mild in Paris today.' });
    expect(saved[0]).not.toHaveProperty('toolCalls');
  });

  it('refuses a decision for a call that is not waiting, and an invalid one', async () => {
    fake.chat.next({ toolCalls: [{ name: 'add_numbers', arguments: { a: 2, b: 3 }, id: 'call_add' }] });
    const { id } = await ask();
    await app.next(id, 'toolApproval');
    await expect(decide(id, 'call_other', 'approve')).rejects.toThrow(/tools\.not_waiting/);
    await expect(decide('another-stream', 'call_add', 'approve')).rejects.toThrow(/tools\.not_waiting/);
    await expect(decide(id, 'call_add', 'maybe')).rejects.toMatchObject({ code: 'invalid_payload' });
    await decide(id, 'call_add', 'approve');
    await expect(decide(id, 'call_add', 'approve')).rejects.toThrow(/tools\.not_waiting/);
    expect(await app.end(id)).toMatchObject({ type: 'done' });
  });

  it('runs several calls of one reply in order and answers them all', async () => {
    fake.chat.next({
      toolCalls: [
        { name: 'add_numbers', arguments: { a: 1, b: 2 }, id: 'c1' },
        { name: 'get_weather', arguments: { city: 'Oslo' }, id: 'c2' },
      ],
      chunkSize: 2,
    });
    const { id } = await ask({ stream: false });
    await app.next(id, 'toolApproval');
    await decide(id, 'c1', 'approve');
    expect((await app.next(id, 'toolApproval', 2)).callId).toBe('c2');
    await decide(id, 'c2', 'approve');
    expect(await app.end(id)).toMatchObject({ type: 'done' });
    const tools = chatBodies()[1]!.messages.filter((message) => message.role === 'tool');
    expect(tools).toEqual([
      { role: 'tool', tool_call_id: 'c1', content: '3' },
      { role: 'tool', tool_call_id: 'c2', content: expect.stringMatching(/^Weather in Oslo/) },
    ]);
  });
});

describe('Regenerate after a tool loop', () => {
  it('keeps the tool steps behind the replaced reply as the other branch, nothing dropped', async () => {
    fake.chat.next({ toolCalls: [{ name: 'add_numbers', arguments: { a: 2, b: 3 }, id: 'call_add' }] });
    fake.chat.next({ reply: 'It makes 5.' });
    const { id } = await ask({}, 'What is 2 + 3?');
    await app.next(id, 'toolApproval');
    await decide(id, 'call_add', 'approve');
    await app.end(id);
    const before = (await history(id)).messages;
    expect(before.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);

    fake.chat.next({ reply: 'Five.' });
    await app.invoke('conversations:regenerate', { conversationId: id });
    await expect.poll(async () => (await history(id)).messages.at(-1)!.state).toBe('complete');
    const after = await history(id);
    expect(after.messages.map((m) => m.content)).toEqual(['What is 2 + 3?', 'Five.']);
    // The tool call, its result and the reply it led to stay, one ‹ › away on the new reply.
    expect(after.messages[1]!.branches).toEqual({ siblings: [before[1]!.id, after.messages[1]!.id] });
    expect(after.otherBranches).toEqual(before.slice(1).map((m, i) => expect.objectContaining({ id: m.id, content: m.content, parentId: before[i]!.id })));
    expect(after.otherBranches![0]!.toolCalls).toEqual(before[1]!.toolCalls);
    expect(chatBodies().at(-1)!.messages).toEqual([{ role: 'user', content: 'What is 2 + 3?' }]);
    await app.invoke('conversations:showBranch', { conversationId: id, messageId: before[1]!.id });
    expect((await history(id)).messages.map((m) => m.id)).toEqual(before.map((m) => m.id));
  });
});

describe('other decisions', () => {
  it('tells the model when the user declines, running nothing', async () => {
    fake.chat.next({ toolCalls: [{ name: 'get_weather', arguments: { city: 'Rome' }, id: 'call_no' }] });
    fake.chat.next({ reply: 'Understood, no weather lookup.' });
    const { id, conversationId } = await ask();
    await app.next(id, 'toolApproval');
    await decide(id, 'call_no', 'deny');
    expect(await app.end(id)).toMatchObject({ type: 'done' });
    expect(fake.mcpCalls).toEqual([]);
    expect(await app.next(id, 'toolDecision')).toEqual({ type: 'toolDecision', callId: 'call_no', decision: 'deny', automatic: false });
    expect(chatBodies()[1]!.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_no', content: DECLINED });
    expect((await history(conversationId)).messages[2]).toMatchObject({ role: 'tool', toolOutcome: 'denied', content: DECLINED });
  });

  it('makes "always allow" a rule in main once the user confirms it there, and runs the tool without asking from then on', async () => {
    fake.chat.next({ toolCalls: [{ name: 'get_weather', arguments: { city: 'Lyon' }, id: 'a1' }] });
    fake.chat.next({ toolCalls: [{ name: 'get_weather', arguments: { city: 'Nice' }, id: 'a2' }] });
    fake.chat.next({ reply: 'Both looked up.' });
    const { id } = await ask();
    await app.next(id, 'toolApproval');
    await decide(id, 'a1', 'always');
    expect(await app.end(id)).toMatchObject({ type: 'done' });
    expect(app.consent.requests).toEqual([{ kind: 'allowTool', serverName: 'Service', tool: 'get_weather' }]);
    expect(app.chatEvents(id).filter((event) => event.type === 'toolApproval')).toHaveLength(1);
    expect(app.chatEvents(id).filter((event) => event.type === 'toolDecision')).toEqual([
      { type: 'toolDecision', callId: 'a1', decision: 'always', automatic: false },
      { type: 'toolDecision', callId: 'a2', decision: 'approve', automatic: true },
    ]);
    expect(fake.mcpCalls.map((call) => call.arguments.city)).toEqual(['Lyon', 'Nice']);
    expect(await app.invoke('permissions:list')).toEqual([{ serverId: 'service', serverName: 'Service', tool: 'get_weather', rule: 'allow' }]);

    // The rule is main's: a new conversation, which carries nothing about it, does not ask.
    fake.chat.next({ toolCalls: [{ name: 'get_weather', arguments: { city: 'Metz' }, id: 'a3' }] });
    const next = await ask();
    expect(await app.end(next.id)).toMatchObject({ type: 'done' });
    expect(app.chatEvents(next.id).some((event) => event.type === 'toolApproval')).toBe(false);
  });

  it('runs the call once but keeps asking when the user does not confirm "always allow" to main', async () => {
    app.consent.answer = false;
    fake.chat.next({ toolCalls: [{ name: 'get_weather', arguments: { city: 'Lyon' }, id: 'n1' }] });
    fake.chat.next({ toolCalls: [{ name: 'get_weather', arguments: { city: 'Nice' }, id: 'n2' }] });
    const { id } = await ask();
    await app.next(id, 'toolApproval');
    await decide(id, 'n1', 'always');
    expect(await app.next(id, 'toolDecision')).toEqual({ type: 'toolDecision', callId: 'n1', decision: 'approve', automatic: false });
    expect((await app.next(id, 'toolApproval', 2)).callId).toBe('n2');
    expect(await app.invoke('permissions:list')).toEqual([]);
  });

  it('never offers a blocked tool, tells the model, and refuses a call to it without running it', async () => {
    await app.rule('service', 'get_weather', 'block');
    fake.chat.next({ reply: 'I cannot look up the weather.' });
    const { id } = await ask();
    expect(await app.end(id)).toMatchObject({ type: 'done' });
    const [body] = chatBodies();
    expect(body!.tools!.map((tool) => tool.function.name)).toEqual(['add_numbers']);
    expect(body!.messages[0]).toEqual({ role: 'system', content: expect.stringMatching(/blocked these tools.*get_weather/) });

    // Blocked while a reply runs: the next call is refused without asking, and not run.
    await app.rule('service', 'add_numbers', 'ask');
    fake.chat.next({ toolCalls: [{ name: 'add_numbers', arguments: { a: 1, b: 2 }, id: 'b1' }, { name: 'add_numbers', arguments: { a: 3, b: 4 }, id: 'b2' }] });
    const second = await ask();
    await app.next(second.id, 'toolApproval');
    await app.rule('service', null, 'block');
    await app.invoke('permissions:revoke', { serverId: 'service', tool: 'add_numbers' });
    await decide(second.id, 'b1', 'approve');
    expect(await app.end(second.id)).toMatchObject({ type: 'done' });
    expect(app.chatEvents(second.id).filter((event) => event.type === 'toolApproval')).toHaveLength(1);
    expect(await app.next(second.id, 'toolDecision', 2)).toEqual({ type: 'toolDecision', callId: 'b2', decision: 'deny', automatic: true });
    expect(await app.next(second.id, 'toolResult', 2)).toMatchObject({ callId: 'b2', outcome: 'denied', content: BLOCKED });
    expect(fake.mcpCalls.map((call) => call.name)).toEqual(['add_numbers']);
  });

  it('shows arguments that are not JSON as they are, and tells the model they could not be used', async () => {
    fake.chat.next({ toolCalls: [{ name: 'get_weather', arguments: '{"city": "Par', id: 'bad' }] });
    const { id } = await ask();
    expect((await app.next(id, 'toolApproval')).arguments).toEqual({ valid: false, raw: '{"city": "Par', problem: { reason: 'syntax', detail: expect.stringMatching(/JSON/) as string } });
    await decide(id, 'bad', 'approve');
    expect(await app.next(id, 'toolResult')).toMatchObject({ outcome: 'error', content: expect.stringMatching(/^The arguments could not be used/) });
    expect(await app.end(id)).toMatchObject({ type: 'done' });
    expect(fake.mcpCalls).toEqual([]);
  });

  it('reports a tool error to the model as an error result', async () => {
    fake.chat.next({ toolCalls: [{ name: 'fail_always', arguments: { reason: 'disk full' }, id: 'f1' }] });
    await app.rule('service', 'fail_always', 'allow');
    const { id } = await ask({ tools: ['service/fail_always'] });
    expect(await app.next(id, 'toolResult')).toMatchObject({ outcome: 'error', content: 'Tool failed: disk full.' });
    expect(await app.end(id)).toMatchObject({ type: 'done' });
  });
});
