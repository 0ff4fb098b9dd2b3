import { create } from 'zustand';

export type View = 'chat' | 'settings' | 'transcription' | 'recording' | 'transcript-editor';

interface NavigationState {
  view: View;
  /** Bumped to ask the composer for focus (a new chat, a picked conversation, a starter prompt). */
  composerFocus: number;
  /** The transcript on the transcription screen (or in the editor); null shows its drop zone, queue and list. */
  transcriptId: string | null;
  show(view: View): void;
  focusComposer(): void;
  /** Shows a transcript (from the transcription screen, the sidebar or a search hit of kind 'transcript'). */
  openTranscript(id: string): void;
  /** Opens a transcript in the transcript editor. */
  editTranscript(id: string): void;
}

/**
 * Which screen is shown, and which transcript on it: the app's, used by every feature (opening
 * a conversation is chat's action, which ends here by focusing the composer).
 */
export const useNavigation = create<NavigationState>((set) => ({
  view: 'chat',
  composerFocus: 0,
  transcriptId: null,
  show: (view) => set({ view }),
  focusComposer: () => set((s) => ({ view: 'chat', composerFocus: s.composerFocus + 1 })),
  openTranscript: (id) => set({ view: 'transcription', transcriptId: id }),
  editTranscript: (id) => set({ view: 'transcript-editor', transcriptId: id }),
}));

export const openSettings = () => useNavigation.getState().show('settings');
