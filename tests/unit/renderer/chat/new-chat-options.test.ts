// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import type { ChatOptions } from '../../../../shared/domain/chat';

vi.mock('../../../../renderer/api', () => ({ api: {} }));

const { useChat } = await import('../../../../renderer/chat/store');
const { useSettings } = await import('../../../../renderer/settings');

// A new chat's options (issue 41): a tool forced, JSON mode or the tools offered in one chat were
// carried into the next without a word, so its first reply could call a tool nobody chose there.

const weather = 's1/get_weather';
const steered: ChatOptions = { model: 'big-model', temperature: 0.3, maxTokens: 500, stream: false, jsonMode: true, tools: [weather], toolChoice: { tool: weather } };

describe("a new chat's options on Pro", () => {
  it("carry the model and how replies are written, never the last chat's JSON mode, tools or forced tool", () => {
    useSettings.setState({ settings: { plan: 'pro' } } as never);
    useChat.setState({
      activeId: 'c1',
      conversations: [{ id: 'c1', title: 'Weather', systemPrompt: '', options: steered, pinned: false, createdAt: 1, updatedAt: 1, messages: [] }],
    } as never);
    expect(useChat.getState().newChatOptions()).toEqual({ model: 'big-model', temperature: 0.3, maxTokens: 500, stream: false });
  });
});
