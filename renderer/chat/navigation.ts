import { create } from 'zustand';
import { useChat } from './store';

export type View = 'chat' | 'settings' | 'transcription' | 'transcript-editor';

interface NavigationState {
  view: View;
  /** Bumped to ask the composer for focus (a new chat, a picked conversation, a starter prompt). */
  composerFocus: number;
  /** The transcript on the transcription screen (or in the editor); null shows its drop zone, queue and list. */
  transcriptId: string | null;
  show(view: View): void;
  focusComposer(): void;
  openConversation(id: string): void;
  startChat(): void;
  /** Shows a transcript (from the transcription screen, the sidebar or a search hit of kind 'transcript'). */
  openTranscript(id: string): void;
  /** Opens a transcript in the transcript editor. */
  editTranscript(id: string): void;
}

export const useNavigation = create<NavigationState>((set, get) => ({
  view: 'chat',
  composerFocus: 0,
  transcriptId: null,
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
  openTranscript: (id) => set({ view: 'transcription', transcriptId: id }),
  editTranscript: (id) => set({ view: 'transcript-editor', transcriptId: id }),
}));

export const openSettings = () => useNavigation.getState().show('settings');
