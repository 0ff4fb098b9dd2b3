import { useEffect, useMemo } from 'react';
import { create } from 'zustand';
import type { ReplyCitation } from '../../shared/contract/ask';
import { citationKey } from '../../shared/domain/row-citations';
import { api } from '../api';
import type { CitedTranscript } from './markdown/Citation';
import { useChat } from './store';

interface VerdictsState {
  /** Main's verdicts on each reply's brackets, by message and the text they were given for. */
  byMessage: Record<string, { content: string; verdicts: ReadonlyMap<string, ReplyCitation> }>;
  load(conversationId: string, messageId: string, content: string): Promise<void>;
}

/** What main decided of each reply's citations (Ask about this transcript): the page only shows it. */
const useVerdicts = create<VerdictsState>((set) => ({
  byMessage: {},
  async load(conversationId, messageId, content) {
    let citations: ReplyCitation[];
    try {
      citations = await api.ask.citations({ conversationId, messageId });
    } catch {
      // Not checked: every bracket stays as written rather than linked blindly.
      citations = [];
    }
    const verdicts = new Map(citations.map((citation) => [citationKey(citation.ids), citation]));
    set((s) => ({ byMessage: { ...s.byMessage, [messageId]: { content, verdicts } } }));
  },
}));

/**
 * The transcript a conversation is about (Ask about this transcript) and main's verdicts on this
 * reply's citations, asked again whenever the reply shown changes (another version, the end of
 * its stream) and each time it is shown (the transcript may have been edited since); undefined
 * for another conversation. While a reply streams, main has nothing stored to check yet.
 */
export function useCitedTranscript(conversationId: string, messageId: string, content: string, streaming: boolean): CitedTranscript | undefined {
  const transcriptId = useChat((s) => {
    const attachment = s.conversations.find((c) => c.id === conversationId)?.attachment;
    return attachment?.kind === 'transcript' ? attachment.id : null;
  });
  const checked = useVerdicts((s) => s.byMessage[messageId]);
  const verdicts = checked?.content === content ? checked.verdicts : null;
  useEffect(() => {
    if (transcriptId && !streaming) void useVerdicts.getState().load(conversationId, messageId, content);
  }, [transcriptId, conversationId, messageId, content, streaming]);
  return useMemo(() => (transcriptId ? { transcriptId, verdicts } : undefined), [transcriptId, verdicts]);
}
