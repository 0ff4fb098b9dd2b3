// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';

// Main refuses the first change (a full disk, say) and takes the next.
const main = vi.hoisted(() => ({ refuse: true, saved: 0 }));
vi.mock('../../../../renderer/api', () => ({
  api: {
    history: {
      update: async ({ id }: { id: string }) => {
        if (main.refuse) throw new Error('The disk is full, so Confab could not save this.');
        main.saved += 1;
        return { id };
      },
    },
  },
}));

const { useChat } = await import('../../../../renderer/chat/store');

describe('the storage notice', () => {
  it('goes away when the next action of its kind succeeds, not before, and not on another kind', async () => {
    const chat = useChat.getState();
    useChat.setState({ listed: [{ id: 'c1', title: 'Plan', systemPrompt: '', options: { model: 'default', temperature: null, maxTokens: null, stream: true }, pinned: false, createdAt: 1, updatedAt: 1 }] });
    chat.setPinned('c1', true);
    await vi.waitFor(() =>
      expect(useChat.getState().storageProblem).toEqual({ kind: 'save', cause: 'save', error: new Error('The disk is full, so Confab could not save this.') }),
    );

    useChat.setState({ storageProblem: { kind: 'read', cause: 'read', error: new Error('unreadable') } });
    main.refuse = false;
    chat.setPinned('c1', false);
    await vi.waitFor(() => expect(main.saved).toBe(1));
    await Promise.resolve();
    expect(useChat.getState().storageProblem?.kind).toBe('read');

    useChat.setState({ storageProblem: { kind: 'save', cause: 'save', error: new Error('full') } });
    chat.setPinned('c1', true);
    await vi.waitFor(() => expect(useChat.getState().storageProblem).toBeNull());
  });
});
