import { useEffect, useMemo } from 'react';
import { create } from 'zustand';
import { api } from '../api';
import type { CitedTranscript } from './markdown/Citation';
import { useChat } from './store';

/** Rows asked for this recently serve every message of a conversation shown at once. */
const FRESH_MS = 2000;

interface CitedRowsState {
  /** Each transcript's rows as main last answered: id → start in ms. */
  byTranscript: Record<string, ReadonlyMap<string, number | null>>;
  asked: Record<string, number>;
  /** Asks main again: a transcript edited since may have rows split, merged or gone. */
  load(transcriptId: string): Promise<void>;
}

/** The rows an answer about a transcript may cite, for the links of its citations. */
export const useCitedRows = create<CitedRowsState>((set, get) => ({
  byTranscript: {},
  asked: {},
  async load(transcriptId) {
    if (Date.now() - (get().asked[transcriptId] ?? 0) < FRESH_MS) return;
    set((s) => ({ asked: { ...s.asked, [transcriptId]: Date.now() } }));
    let rows: Array<{ rowId: string; startMs: number | null }>;
    try {
      rows = await api.ask.rows({ transcriptId });
    } catch {
      // Rows not known: every bracket is shown uncited rather than linked blindly.
      rows = [];
    }
    set((s) => ({ byTranscript: { ...s.byTranscript, [transcriptId]: new Map(rows.map((row) => [row.rowId, row.startMs])) } }));
  },
}));

/** The transcript a conversation is about (Ask about this transcript) with its rows, or undefined. */
export function useCitedTranscript(conversationId: string): CitedTranscript | undefined {
  const transcriptId = useChat((s) => {
    const attachment = s.conversations.find((c) => c.id === conversationId)?.attachment;
    return attachment?.kind === 'transcript' ? attachment.id : null;
  });
  const rows = useCitedRows((s) => (transcriptId ? s.byTranscript[transcriptId] : undefined));
  useEffect(() => {
    if (transcriptId) void useCitedRows.getState().load(transcriptId);
  }, [transcriptId]);
  return useMemo(() => (transcriptId && rows ? { transcriptId, rows } : undefined), [transcriptId, rows]);
}
