import { create } from 'zustand';

export type View = 'chat' | 'settings' | 'transcription' | 'recording' | 'transcript-editor' | 'people';

interface NavigationState {
  view: View;
  /** Bumped to ask the composer for focus (a new chat, a picked conversation, a starter prompt). */
  composerFocus: number;
  /** The transcript on the transcription screen (or in the editor); null shows its drop zone, queue and list. */
  transcriptId: string | null;
  /**
   * Open Recording asked for the file picker, which the drop zone opens once it is drawn: after the
   * shortcut, the screen may wait for main's settings, longer than a frame on a loaded machine.
   */
  recordingPicker: boolean;
  /**
   * Rows to play from and highlight once the transcript shows (a note's or an answer's citation):
   * the first row's start is where playback begins. `seq` tells a second click on the same rows.
   */
  rowFocus: { rowIds: string[]; seq: number } | null;
  show(view: View): void;
  focusComposer(): void;
  /** Shows a transcript (from the transcription screen, the sidebar or a search hit of kind 'transcript'). */
  openTranscript(id: string): void;
  /** Shows a transcript and plays from the first of `rowIds`, highlighting them (a citation's link). */
  openTranscriptAt(id: string, rowIds: string[]): void;
  /** Opens a transcript in the transcript editor. */
  editTranscript(id: string): void;
  /** Shows the transcription screen's drop zone and asks for its file picker (Ctrl+O, the menu's Open Recording). */
  openRecording(): void;
}

/**
 * Which screen is shown, and which transcript on it: the app's, used by every feature (opening
 * a conversation is chat's action, which ends here by focusing the composer).
 */
export const useNavigation = create<NavigationState>((set) => ({
  view: 'chat',
  composerFocus: 0,
  transcriptId: null,
  recordingPicker: false,
  rowFocus: null,
  show: (view) => set({ view }),
  focusComposer: () => set((s) => ({ view: 'chat', composerFocus: s.composerFocus + 1 })),
  openTranscript: (id) => set({ view: 'transcription', transcriptId: id, rowFocus: null }),
  openTranscriptAt: (id, rowIds) => set((s) => ({ view: 'transcription', transcriptId: id, rowFocus: { rowIds, seq: (s.rowFocus?.seq ?? 0) + 1 } })),
  editTranscript: (id) => set({ view: 'transcript-editor', transcriptId: id }),
  openRecording: () => set({ view: 'transcription', transcriptId: null, recordingPicker: true }),
}));

// A picker not opened before another screen showed is forgotten: it must not open on a later visit.
useNavigation.subscribe((s) => {
  if (s.recordingPicker && (s.view !== 'transcription' || s.transcriptId !== null)) useNavigation.setState({ recordingPicker: false });
});

export const openSettings = () => useNavigation.getState().show('settings');
