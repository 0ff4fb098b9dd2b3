import { create } from 'zustand';
import { useChat } from '../chat/store';

export type View = 'chat' | 'settings';

interface NavigationState {
  view: View;
  /** Bumped to ask the composer for focus (a new chat, a picked conversation, a starter prompt). */
  composerFocus: number;
  show(view: View): void;
  focusComposer(): void;
  openConversation(id: string): void;
  startChat(): void;
}

export const useNavigation = create<NavigationState>((set, get) => ({
  view: 'chat',
  composerFocus: 0,
  show: (view) => set({ view }),
  focusComposer: () => set((s) => ({ view: 'chat', composerFocus: s.composerFocus + 1 })),
  openConversation(id) {
    useChat.getState().select(id);
    get().focusComposer();
  },
  startChat() {
    useChat.getState().newConversation();
    get().focusComposer();
  },
}));

export const openSettings = () => useNavigation.getState().show('settings');
