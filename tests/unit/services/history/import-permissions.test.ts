import { describe, expect, it } from 'vitest';
import { conversationsArea } from '../../../../shared/contract/conversations';
import { parseExport } from '../../../../electron/core/services/history/export';

// Permissions are main's: a conversation, imported or sent by the page, never carries one.
const conversation = {
  id: 'c1',
  title: 'Old export',
  systemPrompt: '',
  options: { model: 'pro', temperature: null, maxTokens: null, stream: true, tools: ['service/get_weather'], alwaysAllowedTools: ['service/get_weather'] },
  pinned: false,
  createdAt: 1,
  updatedAt: 1,
  messages: [],
};

describe('always-allowed tools from outside main', () => {
  it('are stripped from an imported conversation, which keeps everything else', () => {
    const parsed = parseExport(JSON.stringify({ format: 'confab.conversation', version: 1, conversation }));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.conversation.options).toEqual({ model: 'pro', temperature: null, maxTokens: null, stream: true, tools: ['service/get_weather'] });
    expect(parsed.conversation.options).not.toHaveProperty('alwaysAllowedTools');
  });

  it('are stripped from a chat request the page sends', () => {
    const input = conversationsArea.send.input.parse({ conversationId: null, text: 'Hi', options: conversation.options });
    expect(input.options).toEqual({ model: 'pro', temperature: null, maxTokens: null, stream: true, tools: ['service/get_weather'] });
  });
});
