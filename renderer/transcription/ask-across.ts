import { create } from 'zustand';
import type { AskAnswerOutcome, AskPrepared } from '../../shared/contract/ask';
import { api } from '../api';
import { useTranscription } from './store';

export type AskStep =
  | { kind: 'idle' }
  | { kind: 'preparing' }
  | { kind: 'prepared'; prepared: AskPrepared }
  | { kind: 'sending'; prepared: AskPrepared }
  | { kind: 'answered'; prepared: AskPrepared; outcome: AskAnswerOutcome }
  | { kind: 'failed'; error: unknown; prepared: AskPrepared | null };

interface AskAcrossState {
  /** What the user typed: kept while they follow a citation and come back. */
  question: string;
  step: AskStep;
  setQuestion(question: string): void;
  /** Main finds the rows the question would send; nothing leaves the machine yet. */
  prepare(): Promise<void>;
  /** Sends exactly the rows shown; main picks the model for the plan. */
  send(prepared: AskPrepared): Promise<void>;
  /** Stops the answer being waited for: main cuts the request, and `send` ends as stopped. */
  stop(): Promise<void>;
  reset(): void;
  /** Keeps a meeting out of Ask across meetings or lets it back in; rows found before are found again. */
  setExcluded(transcriptId: string, excluded: boolean): Promise<void>;
}

/** Ask across meetings, on the transcripts list: the question, the rows found, the answer. */
export const useAskAcross = create<AskAcrossState>((set, get) => ({
  question: '',
  step: { kind: 'idle' },
  setQuestion(question) {
    const { step } = get();
    // A changed question is a new one: what was found for the old one is not sent for it.
    set({ question, step: step.kind === 'sending' || step.kind === 'preparing' ? step : { kind: 'idle' } });
  },
  async prepare() {
    set({ step: { kind: 'preparing' } });
    try {
      set({ step: { kind: 'prepared', prepared: await api.ask.prepare({ question: get().question }) } });
    } catch (error) {
      set({ step: { kind: 'failed', error, prepared: null } });
    }
  },
  async send(prepared) {
    set({ step: { kind: 'sending', prepared } });
    try {
      set({ step: { kind: 'answered', prepared, outcome: await api.ask.send({ askId: prepared.askId }) } });
    } catch (error) {
      set({ step: { kind: 'failed', error, prepared } });
    }
  },
  async stop() {
    const { step } = get();
    if (step.kind === 'sending') await api.ask.stop({ askId: step.prepared.askId });
  },
  reset: () => set({ step: { kind: 'idle' } }),
  async setExcluded(transcriptId, excluded) {
    if (get().step.kind === 'prepared') set({ step: { kind: 'idle' } });
    // Shown at once, as main will keep it; a refusal reads the list back as main has it.
    useTranscription.setState((s) => ({ list: s.list?.map((summary) => (summary.id === transcriptId ? { ...summary, askExcluded: excluded } : summary)) ?? null }));
    try {
      await api.ask.setExcluded({ transcriptId, excluded });
    } catch (error) {
      await useTranscription.getState().loadList();
      throw error;
    }
  },
}));
