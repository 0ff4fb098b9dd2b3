import { create } from 'zustand';
import { showTranscription } from './store';

/** How many times the user asked for the whole list of transcripts; the list answers each ask by coming into view. */
export const useListJump = create<{ asked: number }>(() => ({ asked: 0 }));

/** The Transcribe screen, scrolled to every transcript kept: the sidebar shows only the newest. */
export function showTranscripts() {
  showTranscription();
  useListJump.setState((state) => ({ asked: state.asked + 1 }));
}
