import { describe, expect, it } from 'vitest';
import type { ConversationMeta, Message } from '../../../../shared/domain/conversation';
import type { ChatState } from '../../../../renderer/chat/chat-state';
import { applyWatchEvent } from '../../../../renderer/chat/live-events';

// The renderer only mirrors what main reports on its watch stream.
const meta: ConversationMeta = {
  id: 'c1',
  title: 'Hello',
  systemPrompt: '',
  options: { model: 'default', temperature: null, maxTokens: null, stream: true },
  pinned: false,
  createdAt: 1,
  updatedAt: 2,
};
const message = (id: string, role: Message['role'], content: string, state: Message['state'] = 'complete'): Message => ({
  id,
  role,
  content,
  state,
  usage: null,
  failure: null,
  model: null,
  createdAt: 0,
});
const empty = { listed: [], conversations: [], running: {}, steps: {} } as unknown as ChatState;
const run = (state: ChatState, ...events: Parameters<typeof applyWatchEvent>[1][]) =>
  events.reduce((s, event) => ({ ...s, ...applyWatchEvent(s, event) }), state);

describe('the watch stream in the view', () => {
  it('adds a new conversation, streams its reply, and ends it with the message main wrote', () => {
    const user = message('u1', 'user', 'Hello');
    const answer = message('a1', 'assistant', '', 'streaming');
    let s = run(empty, { type: 'started', conversation: meta, created: true, truncateAfter: null, messages: [user, answer] });
    expect(s.listed.map((c) => c.id)).toEqual(['c1']);
    expect(s.running.c1).toEqual({ messageId: 'a1', text: '', approvals: [] });
    s = run(s, { type: 'reply', conversationId: 'c1', event: { type: 'delta', text: 'Hi ' } }, { type: 'reply', conversationId: 'c1', event: { type: 'delta', text: 'there' } });
    expect(s.running.c1!.text).toBe('Hi there');
    s = run(
      s,
      { type: 'message', conversationId: 'c1', message: { ...answer, content: 'Hi there', state: 'complete' } },
      { type: 'reply', conversationId: 'c1', event: { type: 'done', finishReason: 'stop', usage: null, model: 'default' } },
    );
    expect(s.running.c1).toBeUndefined();
    expect(s.conversations[0]!.messages.map((m) => [m.id, m.content, m.state])).toEqual([
      ['u1', 'Hello', 'complete'],
      ['a1', 'Hi there', 'complete'],
    ]);
  });

  it('drops what followed an edited message, replaces it in place, and picks up running replies on a fresh watch', () => {
    const loaded = { ...empty, conversations: [{ ...meta, messages: [message('u1', 'user', 'Old'), message('a1', 'assistant', 'Answer')] }] };
    const s = run(loaded, {
      type: 'started',
      conversation: meta,
      created: false,
      truncateAfter: 'u1',
      messages: [message('u1', 'user', 'New'), message('a2', 'assistant', '', 'streaming')],
    });
    expect(s.conversations[0]!.messages.map((m) => [m.id, m.content])).toEqual([
      ['u1', 'New'],
      ['a2', ''],
    ]);
    const fresh = run(s, { type: 'replies', replies: [{ conversationId: 'c2', messageId: 'x', text: 'so far', approvals: [], step: null }] });
    expect(fresh.running).toEqual({ c2: { messageId: 'x', text: 'so far', approvals: [] } });
  });

  it('says replies main holds for a refusing disk are not saved yet, and why, until main has written them', () => {
    const other = { kind: 'send' as const, cause: 'send' as const, error: new Error('offline') };
    let s = run(empty, { type: 'unsaved', refusal: { cause: 'full', file: '/data/history.sqlite' } });
    expect(s.storageProblem).toEqual({ kind: 'reply', cause: 'unsaved', refusal: { cause: 'full', file: '/data/history.sqlite' } });
    s = run(s, { type: 'unsaved', refusal: null });
    expect(s.storageProblem).toBeNull();
    // Another kind of problem is not the replies' to clear.
    expect(run({ ...empty, storageProblem: other }, { type: 'unsaved', refusal: null }).storageProblem).toEqual(other);
  });

  it('follows the list as other windows change it: renamed, deleted (its reply with it) and restored', () => {
    const other = { ...meta, id: 'c2', title: 'Other', updatedAt: 1 };
    let s = run(empty, { type: 'started', conversation: meta, created: true, truncateAfter: null, messages: [message('u1', 'user', 'Hi'), message('a1', 'assistant', '', 'streaming')] });
    s = run({ ...s, activeId: 'c2' } as ChatState, { type: 'listed', conversation: other }, { type: 'listed', conversation: { ...meta, title: 'Renamed' } });
    expect(s.listed.map((c) => c.title)).toEqual(['Renamed', 'Other']);
    expect(s.conversations[0]!.title).toBe('Renamed');
    s = run(s, { type: 'removed', conversationId: 'c1' });
    expect(s.listed.map((c) => c.id)).toEqual(['c2']);
    expect(s.conversations).toEqual([]);
    expect(s.running.c1).toBeUndefined();
    s = run(s, { type: 'listed', conversation: meta });
    expect(s.listed.map((c) => c.id)).toEqual(['c1', 'c2']);
  });

  it("keeps the system prompt and options being typed in an open conversation when main echoes an earlier save", () => {
    let s = run(empty, { type: 'started', conversation: meta, created: true, truncateAfter: null, messages: [message('u1', 'user', 'Hi')] });
    const typed = { ...s.conversations[0]!, systemPrompt: 'Be brief and kind', options: { ...meta.options, temperature: 0.5 } };
    s = { ...s, conversations: [typed] };
    s = run(s, { type: 'listed', conversation: { ...meta, systemPrompt: 'Be brief', title: 'Renamed', pinned: true } });
    expect(s.conversations[0]).toMatchObject({ systemPrompt: 'Be brief and kind', options: { temperature: 0.5 }, title: 'Renamed', pinned: true });
    expect(s.listed[0]).toMatchObject({ systemPrompt: 'Be brief', title: 'Renamed' });
  });
});
