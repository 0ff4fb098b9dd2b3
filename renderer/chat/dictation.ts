import { create } from 'zustand';
import type { ProblemData } from '../../shared/domain/problem';
import type { ServiceFailure } from '../../shared/domain/service-failure';
import { api } from '../api';
import { type MicrophoneTake, openMicrophone } from './dictation-capture';

/** What dictation shows in one conversation's composer. */
export type DictationPhase =
  | { kind: 'opening' }
  | { kind: 'listening' }
  | { kind: 'working' }
  /** The clip held no speech: nothing was sent, nothing is inserted. */
  | { kind: 'empty' }
  | { kind: 'needsPro' }
  /** The microphone could not be opened, or main would not stage the clip: nothing is kept. */
  | { kind: 'notRecorded'; error: unknown }
  | { kind: 'refused'; problem: ProblemData }
  /** Main kept the clip: Retry sends it again, Dismiss drops it. `failure` is null when the request never got an answer. */
  | { kind: 'failed'; fileId: string; failure: ServiceFailure | null; error?: unknown };

export type HeldBy = 'pointer' | 'keys';

type Kept = Record<string, { fileId: string; failure: ServiceFailure | null }>;

interface DictationState {
  phases: Record<string, DictationPhase>;
  /** The running take's loudness, 0..1, for the meter, and how long it is, in whole seconds. */
  level: number;
  seconds: number;
  /** Text waiting for its conversation's composer, which inserts it at the cursor. */
  ready: Record<string, string>;
  /** `by`: what holds the take (the pointer, or keys), so only letting go of that ends it. */
  press(conversationId: string, plan: 'free' | 'pro', by: HeldBy): void;
  release(by: HeldBy): Promise<void>;
  /** Esc: the take ends unsent, or the answer on its way is dropped with its clip. */
  cancel(conversationId: string): void;
  retry(conversationId: string): Promise<void>;
  dismiss(conversationId: string): void;
  take(conversationId: string): string | undefined;
}

// Clips main kept after a failure are remembered as drafts are (drafts.ts): a reload still offers Retry.
const KEY = 'confab.dictation';

function loadKept(): Kept {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as Kept) : {};
  } catch {
    return {};
  }
}

function storeKept(phases: Record<string, DictationPhase>) {
  const kept = Object.entries(phases).flatMap(([id, phase]) => (phase.kind === 'failed' ? [[id, { fileId: phase.fileId, failure: phase.failure }]] : []));
  try {
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage full or disabled: the clip is still offered until the page reloads.
  }
}

const without = <T>(record: Record<string, T>, key: string) => Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));

/** The one take in progress (there is one microphone), and each conversation's latest attempt. */
let take: { conversationId: string; mic: MicrophoneTake; by: HeldBy } | null = null;
const attempts = new Map<string, number>();
let attemptCount = 0;

export const useDictation = create<DictationState>()((set, get) => {
  const show = (conversationId: string, phase: DictationPhase | null) => {
    set((s) => ({ phases: phase ? { ...s.phases, [conversationId]: phase } : without(s.phases, conversationId) }));
    storeKept(get().phases);
  };
  const begin = (conversationId: string) => {
    const attempt = ++attemptCount;
    attempts.set(conversationId, attempt);
    return () => attempts.get(conversationId) === attempt;
  };

  async function transcribe(conversationId: string, fileId: string, current: () => boolean) {
    show(conversationId, { kind: 'working' });
    try {
      const outcome = await api.dictation.transcribe({ fileId });
      if (!current()) return void api.dictation.discard({ fileId }).catch(() => undefined);
      if (!outcome.ok) return show(conversationId, { kind: 'failed', fileId, failure: outcome.failure });
      show(conversationId, outcome.text ? null : { kind: 'empty' });
      if (outcome.text) set((s) => ({ ready: { ...s.ready, [conversationId]: outcome.text } }));
    } catch (error) {
      if (current()) show(conversationId, { kind: 'failed', fileId, failure: null, error });
    }
  }

  const kept = loadKept();
  return {
    phases: Object.fromEntries(Object.entries(kept).map(([id, clip]) => [id, { kind: 'failed', ...clip }])),
    level: 0,
    seconds: 0,
    ready: {},

    press(conversationId, plan, by) {
      // One microphone; and a take still being written down is not dropped for a new one.
      if (take || get().phases[conversationId]?.kind === 'working') return;
      if (plan !== 'pro') return show(conversationId, { kind: 'needsPro' });
      const current = begin(conversationId);
      show(conversationId, { kind: 'opening' });
      set({ level: 0, seconds: 0 });
      take = {
        conversationId,
        by,
        mic: openMicrophone({
          onLevel: (level, seconds) => set({ level, seconds: Math.floor(seconds) }),
          onRunning: () => {
            if (current()) show(conversationId, { kind: 'listening' });
          },
          allow: () => api.dictation.listen(),
        }),
      };
    },

    async release(by) {
      if (take?.by !== by) return;
      const { conversationId, mic } = take;
      take = null;
      const current = begin(conversationId);
      show(conversationId, { kind: 'working' });
      let samples: Int16Array;
      try {
        samples = await mic.finish();
      } catch (error) {
        if (current()) show(conversationId, { kind: 'notRecorded', error });
        return;
      }
      if (!current()) return;
      // Not one block arrived (a tap shorter than the device took to open): there is nothing to send.
      if (samples.length === 0) return show(conversationId, { kind: 'empty' });
      try {
        const staged = await api.files.stage(new Blob([samples.buffer as ArrayBuffer], { type: 'audio/L16' }), { name: 'Dictation', purpose: 'dictation' });
        if (!staged.ok) return show(conversationId, { kind: 'refused', problem: staged.problem });
        if (!current()) return void api.dictation.discard({ fileId: staged.file.fileId }).catch(() => undefined);
        await transcribe(conversationId, staged.file.fileId, current);
      } catch (error) {
        if (current()) show(conversationId, { kind: 'notRecorded', error });
      }
    },

    cancel(conversationId) {
      begin(conversationId);
      if (take?.conversationId === conversationId) {
        take.mic.cancel();
        take = null;
      }
      show(conversationId, null);
    },

    async retry(conversationId) {
      const phase = get().phases[conversationId];
      if (phase?.kind !== 'failed') return;
      await transcribe(conversationId, phase.fileId, begin(conversationId));
    },

    dismiss(conversationId) {
      const phase = get().phases[conversationId];
      begin(conversationId);
      show(conversationId, null);
      if (phase?.kind === 'failed') void api.dictation.discard({ fileId: phase.fileId }).catch(() => undefined);
    },

    take(conversationId) {
      const text = get().ready[conversationId];
      if (text !== undefined) set((s) => ({ ready: without(s.ready, conversationId) }));
      return text;
    },
  };
});
