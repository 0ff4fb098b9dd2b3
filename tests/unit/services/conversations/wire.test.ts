import { describe, expect, it } from 'vitest';
import { wireMessages } from '../../../../electron/core/services/conversations/wire';
import { apiMessages } from '../../../../electron/core/services/completion/chat-body';
import type { Message } from '../../../../shared/domain/conversation';

const message = (id: string, fields: Partial<Message>): Message => ({
  id, role: 'user', content: '', state: 'complete', usage: null, failure: null, model: null, createdAt: 0, ...fields,
});
const call = (id: string) => ({ id, name: 'get_weather', arguments: '{}', tool: null });

describe('the history as the service receives it', () => {
  it('leaves out a call a Stop left without its result, and a result without its call, so later turns stay valid', () => {
    const history = [
      message('u1', { content: 'Weather?' }),
      message('a1', { role: 'assistant', content: 'Checking.', toolCalls: [call('c1'), call('c2')] }),
      message('t1', { role: 'tool', content: 'Sunny', toolCallId: 'c1' }),
      message('t9', { role: 'tool', content: 'Lost', toolCallId: 'c9' }),
      message('u2', { content: 'Never mind.' }),
    ];
    expect(apiMessages(wireMessages('', history))).toEqual([
      { role: 'user', content: 'Weather?' },
      { role: 'assistant', content: 'Checking.', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }] },
      { role: 'tool', content: 'Sunny', tool_call_id: 'c1' },
      { role: 'user', content: 'Never mind.' },
    ]);
  });
});
