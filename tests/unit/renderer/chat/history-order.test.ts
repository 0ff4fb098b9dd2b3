import { describe, expect, it } from 'vitest';
import type { ConversationMeta } from '../../../../shared/domain/conversation';
import { byRecency, upsert, withMeta } from '../../../../renderer/chat/listing';

const meta = (id: string, updatedAt: number, pinned = false): ConversationMeta => ({
  id,
  title: id,
  systemPrompt: '',
  options: { model: 'default', temperature: null, maxTokens: null, stream: true },
  pinned,
  createdAt: 0,
  updatedAt,
});

describe('the sidebar order', () => {
  it('is pinned first, then the most recently active, like main’s list', () => {
    const listed = [meta('old', 1), meta('pinned', 0, true), meta('new', 5)].sort(byRecency);
    expect(listed.map((c) => c.id)).toEqual(['pinned', 'new', 'old']);
  });

  it('moves a conversation when it changes, and adds or replaces by id', () => {
    const listed = [meta('a', 3), meta('b', 2), meta('c', 1)];
    expect(upsert(listed, meta('c', 9)).map((c) => c.id)).toEqual(['c', 'a', 'b']);
    expect(upsert(listed, meta('d', 0)).map((c) => c.id)).toEqual(['a', 'b', 'c', 'd']);
    const pinned = withMeta({ listed, conversations: [{ ...meta('b', 2), messages: [] }] }, 'b', { pinned: true });
    expect(pinned.listed.map((c) => c.id)).toEqual(['b', 'a', 'c']);
    expect(pinned.conversations[0]!.pinned).toBe(true);
    // Untouched entries keep their identity, so memoised items do not re-render.
    expect(pinned.listed[1]).toBe(listed[0]);
  });
});
